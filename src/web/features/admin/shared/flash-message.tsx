import { CircleCheck, X } from 'lucide-react';
import { AlertIcon } from './icons';
import type { Flash } from './flash';

/**
 * The message after an action, as a toast at the foot of the screen, in two live regions that are always present (so screen readers
 * announce what appears in them): polite for success, assertive for failures.
 */
export function FlashMessage({ flash, onDismiss }: { flash: Flash | null; onDismiss: () => void }) {
  const box = (tone: Flash['tone']) =>
    flash?.tone === tone ? (
      <div
        key={flash.id}
        className={`flex items-start gap-3 rounded-2xl px-4 py-3 text-sm font-medium shadow-lg ring-1 motion-safe:animate-[fade-in_150ms_ease-out] ${
          tone === 'success' ? 'bg-white text-forest ring-forest/30' : 'bg-white text-danger ring-danger/30'
        }`}
      >
        {tone === 'success' ? (
          <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        ) : (
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        )}
        <p className="min-w-0 flex-1">{flash.text}</p>
        <button
          type="button"
          onClick={onDismiss}
          className="-my-1.5 -mr-1.5 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sand"
          aria-label="Dismiss message"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    ) : null;
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 space-y-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96 print:hidden [&>*>*]:pointer-events-auto">
      <div role="status">{box('success')}</div>
      <div role="alert">{box('error')}</div>
    </div>
  );
}
