import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadWithSession } from '../../download';

const downloadPdf = (path: string, fileName: string) =>
  downloadWithSession(path, fileName, 'The PDF could not be made ({status}).');

/**
 * The bar above a receipt or a credit note (decisions 0069, 0070): back to the order, Print, and
 * Download PDF. Kept off paper.
 */
export function DocumentActions({
  backTo,
  backLabel,
  pdfPath,
  fileName,
}: {
  backTo: string;
  backLabel: string;
  pdfPath: string;
  fileName: string;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={backTo} className="text-sm font-semibold text-maple-dark hover:underline">
          {backLabel}
        </Link>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline gap-2" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            Print
          </button>
          <button
            type="button"
            className="btn-primary gap-2"
            onClick={() => {
              setProblem(null);
              downloadPdf(pdfPath, fileName).catch((error: unknown) =>
                setProblem(error instanceof Error ? error.message : String(error)),
              );
            }}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download PDF
          </button>
        </div>
      </div>
      {problem && (
        <p role="alert" className="mb-4 font-medium text-danger print:hidden">
          {problem}
        </p>
      )}
    </>
  );
}

/** The business's heading of a receipt or a credit note. */
export function BusinessHeading({
  business,
}: {
  business: { legalName: string; address: string; gstHstNumber: string | null };
}) {
  return (
    <div className="text-sm text-muted">
      <p className="font-display text-xl font-semibold text-cocoa">{business.legalName}</p>
      <p>{business.address}</p>
      <p data-testid="gst-hst-number">
        GST/HST registration no. {business.gstHstNumber ?? 'Not set (GST_HST_NUMBER)'}
      </p>
    </div>
  );
}
