/** A small spinner with a label for screen readers. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-beige border-t-maple motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
