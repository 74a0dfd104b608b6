import type { PageContext } from '../domain/storefront';

// Page loaders receive the storefront, the public settings and the CSP nonce from the server (web.ts).
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PageContext {}
}
