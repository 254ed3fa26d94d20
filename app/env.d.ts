import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The client's address as the server sees it (honours TRUST_PROXY). */
    clientIp: string;
  }
}
