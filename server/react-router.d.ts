// Types of server/react-router.js for the TypeScript tests (server.js and server/ are plain JavaScript).
import type { IncomingMessage, ServerResponse } from "node:http";

/** The whole body of a request (null for none, or for GET and HEAD); rejects when the client goes before its end. */
export declare function readBody(req: { method?: string } & NodeJS.EventEmitter): Promise<Buffer | null> | null;

export declare function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void>;

export declare function createRequestHandler(options: {
  /** A server build (its `entry.module.answerMemo` is asked first), or a function loading one (development). */
  build: unknown;
  mode: string;
  getLoadContext: (req: IncomingMessage, res: ServerResponse) => unknown;
  origin: (req: IncomingMessage) => string;
  onError?: (error: unknown) => void;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
