/** Five stars, one path drawn five times. */
const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.3 2.8 1-5.9L1.5 7.7l5.9-.8z';
const SIZES = { sm: 'h-4 w-20', lg: 'h-6 w-30' } as const;

function Stars({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 100 20" className={className} aria-hidden="true">
      {[0, 20, 40, 60, 80].map((x) => (
        <path key={x} d={STAR} transform={`translate(${x})`} />
      ))}
    </svg>
  );
}

/**
 * An average out of 5 as stars filled to the tenth (decision 0063), with its words for screen
 * readers; the stars are drawn, so no font file is fetched for them.
 */
export function StarRating({ value, size = 'sm' }: { value: number; size?: keyof typeof SIZES }) {
  return (
    <span
      role="img"
      aria-label={`${value} out of 5 stars`}
      className={`relative inline-block shrink-0 ${SIZES[size]}`}
    >
      <Stars className="absolute inset-0 h-full w-full fill-beige" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${value * 20}%` }}>
        <Stars className={`fill-maple ${SIZES[size]}`} />
      </span>
    </span>
  );
}
