import { apiLoader } from "~/http/answers/json-api.server.ts";
import { listBlocks } from "~/models/block.server.ts";

// GET /api/me/blocks → {blocks: [{id, username, displayName, blockedAt}]}, the newest first; 401 for a visitor.
export const loader = apiLoader({ who: "member" }, ({ user }) => ({ blocks: listBlocks({ userId: user.id }) }));
