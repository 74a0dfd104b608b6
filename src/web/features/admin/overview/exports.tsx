import { Download } from 'lucide-react';
import { useState } from 'react';
import { panelClass, quietButton } from '../shared/ui';
import { downloadExport, EXPORTS } from './overview';

/**
 * The CSV downloads (decision 0023); each is fetched with the session's token and saved as a file.
 */
export function Exports() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function download(file: (typeof EXPORTS)[number]['file']) {
    setBusy(file);
    setError(null);
    try {
      await downloadExport(file);
    } catch {
      setError('The download failed. Please try again.');
    } finally {
      setBusy(null);
    }
  }
  return (
    <section className={`${panelClass} p-5 sm:p-6`} aria-labelledby="exports-title">
      <h3 id="exports-title" className="font-display text-xl font-semibold">
        Exports
      </h3>
      <p className="mt-1 text-sm text-muted">CSV files for spreadsheets and your accountant.</p>
      <ul className="mt-3 space-y-2">
        {EXPORTS.map((e) => (
          <li key={e.file}>
            <button
              type="button"
              className={`${quietButton} ring-1 ring-beige`}
              disabled={busy !== null}
              onClick={() => void download(e.file)}
            >
              <Download aria-hidden="true" className="size-4" />
              {busy === e.file ? 'Preparing…' : e.label}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
