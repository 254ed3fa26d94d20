// Types of server/react-router.js for the TypeScript tests (server.js and server/ are plain JavaScript).
import type { IncomingMessage, ServerResponse } from "node:http";

export declare function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void>;
