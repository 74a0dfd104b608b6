import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { announcements } from '../../navigation';

const ROTATE_MS = 6_000;

/**
 * The 48 px bar above the header, rotating through the five messages. Rotation pauses while the
 * pointer or focus is on the bar and stops for good once the shopper uses the arrows (WCAG 2.2.2).
 */
export function AnnouncementBar() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (paused || stopped) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % announcements.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [paused, stopped]);

  const step = (delta: number) => {
    setStopped(true);
    setIndex((i) => (i + delta + announcements.length) % announcements.length);
  };
  const current = announcements[index] ?? announcements[0]!;

  return (
    <section
      aria-label="Announcements"
      aria-roledescription="carousel"
      className="h-12 bg-cocoa text-cream print:hidden"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="container-page flex h-full items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => step(-1)}
          className="grid h-10 w-10 shrink-0 place-items-center rounded-full hover:bg-white/10"
          aria-label="Previous announcement"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </button>
        <p
          className="min-w-0 flex-1 truncate text-center text-xs font-medium tracking-wide sm:text-sm"
          aria-live={stopped ? 'polite' : 'off'}
          data-testid="announcement"
        >
          {current.to ? (
            <Link to={current.to} className="underline-offset-4 hover:underline">
              {current.text}
            </Link>
          ) : (
            current.text
          )}
        </p>
        <button
          type="button"
          onClick={() => step(1)}
          className="grid h-10 w-10 shrink-0 place-items-center rounded-full hover:bg-white/10"
          aria-label="Next announcement"
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
