/**
 * A payment's client secret is the browser's key to paying it (decision 0013): only its SHA-256 is
 * kept, whichever provider issued it, and a confirmation is checked against that.
 */
import { createHash } from 'node:crypto';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
