/** The shop's own marks: maple leaf, wordmark and the Instagram glyph (no third-party icon fonts). */
import { brand } from '../../domain/brand';

export function MapleLeaf({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12 1.5l1.6 3.2c.2.4.6.4.9.2l1.4-.9-.6 4.4c-.1.6.5.9.9.5l1.8-1.9.4 1.6c.1.3.4.5.7.4l2.3-.5-.8 2.6c-.1.4 0 .7.4.9l.8.4-4.8 3.9c-.3.3-.4.6-.3 1l.5 1.6-4.6-.6c-.4 0-.6.2-.6.6L12.4 23h-.8l.2-4.7c0-.4-.3-.7-.6-.6l-4.6.6.5-1.6c.1-.4 0-.7-.3-1L2 11.8l.8-.4c.4-.2.5-.5.4-.9l-.8-2.6 2.3.5c.3.1.6-.1.7-.4l.4-1.6 1.8 1.9c.4.4 1 .1.9-.5l-.6-4.4 1.4.9c.3.2.7.1.9-.2L12 1.5z" />
    </svg>
  );
}

export function Wordmark({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 font-display text-2xl font-bold tracking-tight text-cocoa ${className}`}
    >
      <MapleLeaf className="h-5 w-5 text-maple-light" />
      {brand.name}
    </span>
  );
}

export function InstagramGlyph({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}
