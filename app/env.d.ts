import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The client's address as the server sees it (honours TRUST_PROXY). */
    clientIp: string;
    /** A fresh CSP nonce for this response (server.js); used only by streamed documents. */
    cspNonce?: string;
  }
}
