// Types of server/guard.js for the TypeScript tests (server.js and server/ are plain JavaScript).
import type { IncomingMessage, ServerResponse } from "node:http";

export declare const DENY_ALL_CSP: string;
export declare const MAX_BODY_BYTES: number;
export declare const MAX_FORM_BYTES: number;
export declare const MAX_FORM_FIELDS: number;
export declare function formBodyRefusal(contentType: string | undefined, body: Buffer | null): string | null;
export declare function refuseForm(req: IncomingMessage, res: ServerResponse, body: Buffer | null): boolean;
export declare function parseTrustProxy(value: string | undefined): {
  enabled: boolean;
  trust: (address: string | undefined, hop: number) => boolean;
};
export declare function defaultHost(trustProxy: string | undefined): string;
export declare function createGuard(options: { trustProxy: string | undefined; publicUrl: string | undefined }): {
  setHeaders(res: ServerResponse): void;
  refuse(req: IncomingMessage, res: ServerResponse): boolean;
  clientAddress(req: IncomingMessage): string;
  origin(req: IncomingMessage): string;
  fromTrustedProxy(req: IncomingMessage): boolean;
};
