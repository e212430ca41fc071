import { createContext, useContext } from 'react';

// The Content-Security-Policy nonce of the page being rendered. Only the server knows it (browsers
// hide nonce values from scripts), so in the browser it is empty, which hydration ignores.
export const NonceContext = createContext('');

export function useNonce() {
  return useContext(NonceContext);
}
