import { createContext, useContext, type ReactNode } from 'react';

/** The CSP nonce of the current server render; undefined in the browser, where scripts already ran. */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
