import { CircleCheck } from 'lucide-react';
import { AlertIcon } from '../shared/icons';
import type { RecipeAlert } from './recipes';

/** The spec's recipe alerts, as status messages (successes) and alerts (failures). */
export function RecipeAlerts({ alerts }: { alerts: RecipeAlert[] }) {
  const line = (alert: RecipeAlert) => (
    <div
      key={alert.text}
      className={`mb-3 flex items-start gap-2 rounded-2xl bg-white px-4 py-3 text-sm font-medium ring-1 ${
        alert.tone === 'success' ? 'text-forest ring-forest/30' : 'text-danger ring-danger/30'
      }`}
    >
      {alert.tone === 'success' ? (
        <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      ) : (
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      )}
      <p>
        {alert.text}
        {alert.detail && <span className="mt-0.5 block font-normal">{alert.detail}</span>}
      </p>
    </div>
  );
  // Both regions are always present (empty, they take no room), so what appears in them is announced.
  return (
    <div>
      <div role="status">{alerts.filter((alert) => alert.tone === 'success').map(line)}</div>
      <div role="alert">{alerts.filter((alert) => alert.tone === 'error').map(line)}</div>
    </div>
  );
}
