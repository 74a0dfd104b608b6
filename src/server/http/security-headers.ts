/**
 * The security headers every answer carries, computed once by Helmet (the `helmet` package, the
 * headers its defaults stand for) at start-up and set per request in one call: the same headers as
 * running Helmet's eleven middlewares for each request, without running them (decision 0075). The
 * content security policy is not among them: pages get a per-request policy of script hashes
 * (web.ts), every other answer the strict one in basics.ts.
 */
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security for a year, subdomains too (production, behind HTTPS). */
  hsts: boolean;
}

/** The headers Helmet sets, read by running it once against a stand-in response. */
export function securityHeaders({ hsts }: SecurityHeaderOptions): Record<string, string> {
  const set: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // X-Powered-By, which neither Node nor Fastify ever sets.
    removeHeader() {},
  };
  let finished = false;
  helmet({
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middlewares are synchronous; anything else would mean headers set later, per request.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return set;
}
