import { MapleLeaf } from '../brand-marks';

/**
 * A band of text scrolling sideways. The text repeats four times across the band, once on small
 * screens. The four copies are drawn twice so the loop is seamless; the second set is
 * hidden from assistive technology. Motion stops for people who ask for reduced motion.
 */
export function ScrollingBanner({ text }: { text: string }) {
  return (
    <div className="overflow-hidden bg-maple py-4 text-white" role="note" aria-label={text}>
      <p
        className="text-center font-display text-xl font-semibold md:hidden"
        aria-hidden="true"
        data-banner-copy="small"
      >
        {text}
      </p>
      <div
        className="hidden w-max animate-[marquee_32s_linear_infinite] motion-reduce:animate-none md:flex"
        aria-hidden="true"
      >
        {Array.from({ length: 8 }, (_, n) => (
          <span
            key={n}
            data-banner-copy={n < 4 ? 'main' : 'loop'}
            className="inline-flex min-w-[25vw] items-center justify-center gap-8 px-6 font-display text-2xl font-semibold whitespace-nowrap"
          >
            {text}
            <MapleLeaf className="h-5 w-5" />
          </span>
        ))}
      </div>
    </div>
  );
}
