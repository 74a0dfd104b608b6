import { describe, expect, it } from 'vitest';
import { pageCsp } from './web.js';

describe('pageCsp', () => {
  const H = ["'sha256-AAAA'", "'sha256-BBBB'"];

  it('lets scripts run only from our origin or by the hashes of the page, and allows no framing', () => {
    const csp = pageCsp({ scriptHashes: H });
    expect(csp).toContain("script-src 'self' 'sha256-AAAA' 'sha256-BBBB';");
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(csp).not.toContain('nonce');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('accounts.google.com');
    expect(csp).not.toContain('frame-src');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it("adds exactly Google's sign-in sources when Google sign-in is configured", () => {
    const directives = Object.fromEntries(
      pageCsp({ scriptHashes: ["'sha256-n'"], upgradeInsecure: true, googleSignIn: true })
        .split('; ')
        .map((d) => [d.split(' ')[0], d]),
    );
    expect(directives['script-src']).toBe(
      "script-src 'self' 'sha256-n' https://accounts.google.com/gsi/client",
    );
    expect(directives['style-src']).toBe(
      "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    );
    expect(directives['connect-src']).toBe("connect-src 'self' https://accounts.google.com/gsi/");
    expect(directives['frame-src']).toBe('frame-src https://accounts.google.com/gsi/');
    expect(directives['upgrade-insecure-requests']).toBe('upgrade-insecure-requests');
  });

  it("adds Stripe's sources only when Stripe is the payment provider", () => {
    const directives = Object.fromEntries(
      pageCsp({ scriptHashes: ["'sha256-n'"], stripe: true })
        .split('; ')
        .map((d) => [d.split(' ')[0], d]),
    );
    expect(directives['script-src']).toContain('https://js.stripe.com');
    expect(directives['connect-src']).toBe("connect-src 'self' https://api.stripe.com");
    expect(directives['frame-src']).toContain('https://hooks.stripe.com');
    expect(pageCsp({ scriptHashes: [] })).not.toContain('stripe');
  });

  it("adds Klaviyo's onsite sources only when KLAVIYO_PUBLIC_KEY is set", () => {
    const directives = Object.fromEntries(
      pageCsp({ scriptHashes: ["'sha256-n'"], klaviyo: true })
        .split('; ')
        .map((d) => [d.split(' ')[0], d]),
    );
    expect(directives['script-src']).toBe(
      "script-src 'self' 'sha256-n' https://static.klaviyo.com https://static-tracking.klaviyo.com",
    );
    expect(directives['connect-src']).toContain('https://a.klaviyo.com');
    expect(directives['connect-src']).not.toContain('stripe');
    expect(directives['frame-src']).toBeUndefined();
    expect(pageCsp({ scriptHashes: [], googleSignIn: true, stripe: true })).not.toContain('klaviyo');
  });
});
