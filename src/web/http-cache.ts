import type { HeadersFunction } from 'react-router';

/**
 * Public pages look the same for everyone (the signed-in view appears after hydration), so shared
 * caches may keep them; they revalidate every time with the ETag the server adds, so a catalogue
 * change shows up at once.
 */
export const publicPageHeaders: HeadersFunction = () => ({
  'Cache-Control': 'public, max-age=0, must-revalidate',
});
