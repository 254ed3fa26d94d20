import { createContext, useContext } from "react";

// The per-response CSP nonce (entry.server.tsx). Undefined in the browser, and in documents served
// from the render memo: those are allowed by the hashes of their inline scripts instead.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

// The script <head> runs before any module (the time-zone note, <html data-js>, what is typed early:
// routes/root/head-script.server.ts), given by the server's renderer. The browser renders it empty and keeps
// what the server wrote (React leaves an inline script's text alone when it hydrates), so the text is
// in the document once and never travels again as loader data.
const HeadScriptContext = createContext("");

export const HeadScriptProvider = HeadScriptContext.Provider;

export function useHeadScript(): string {
  return useContext(HeadScriptContext);
}

/**
 * Runs before any module: zod must not even probe for `new Function` in the browser (the probe,
 * though caught, is reported as a CSP violation: we allow no eval). zod reads this global config
 * when it loads; it then validates without its compiled fast path.
 */
export const ZOD_JITLESS_SCRIPT = "(globalThis.__zod_globalConfig||(globalThis.__zod_globalConfig={})).jitless=true";
