import { createContext, useContext } from "react";

// The per-response CSP nonce (entry.server.tsx). Undefined in the browser, and in documents served
// from the render memo: those are allowed by the hashes of their inline scripts instead.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
