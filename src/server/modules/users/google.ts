/**
 * Verifies a Google ID token (Sign in with Google) against Google's published keys: signature,
 * issuer, audience (GOOGLE_CLIENT_ID), expiry, and a verified e-mail address.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface GoogleIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /** When Google issued the token (`iat`, seconds since 1970): how recent the sign-in is. */
  issuedAt: number;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity | null>;

/** `keys` defaults to Google's JWKS, fetched and cached by jose; tests pass their own key set. */
export function createGoogleVerifier(clientId: string, keys?: JWTVerifyGetKey): GoogleVerifier {
  const keySet = keys ?? createRemoteJWKSet(new URL(GOOGLE_CERTS_URL), { timeoutDuration: 5000 });
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, keySet, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
      if (typeof payload.iat !== 'number') return null;
      if (payload.email_verified !== true && payload.email_verified !== 'true') return null;
      return {
        subject: payload.sub,
        email: payload.email.trim().toLowerCase(),
        firstName: typeof payload.given_name === 'string' ? payload.given_name.slice(0, 100) : '',
        lastName: typeof payload.family_name === 'string' ? payload.family_name.slice(0, 100) : '',
        issuedAt: payload.iat,
      };
    } catch (error) {
      // A bad token is the caller's problem; anything else (Google unreachable) is ours to log.
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) return null;
      throw error;
    }
  };
}
