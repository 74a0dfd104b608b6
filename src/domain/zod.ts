/**
 * zod, configured once for both sides. In the browser, zod's JIT (which uses `new Function`) is off:
 * the Content-Security-Policy forbids eval, and the forms it validates are small.
 */
import { z } from 'zod';

// `window` is read through globalThis: the domain is compiled for Node too, without DOM types.
if ('window' in globalThis) z.config({ jitless: true });

export { z };
