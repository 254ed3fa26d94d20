// Types of server/static-files.js for the TypeScript tests (server.js and server/ are plain JavaScript).
import type { IncomingMessage, ServerResponse } from "node:http";

export declare function precompress(root: string): Promise<number>;
export declare function createStaticHandler(root: string): (req: IncomingMessage, res: ServerResponse) => boolean;
