import { createContext, useContext } from 'react';

/**
 * This render's CSP nonce (ADR 015), provided by entry.server; undefined in the browser, where
 * React keeps the server's attribute (browsers hide a nonce from script once it is applied).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);
