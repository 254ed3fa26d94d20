import type { Route } from "./+types/me-blocks";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { listBlocks } from "~/models/block.server.ts";

// GET /api/me/blocks → {blocks: [{id, username, displayName, blockedAt}]}, the newest first; 401 for a visitor.
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const user = await requireApiUser(request);
  return { blocks: listBlocks({ userId: user.id }) };
});
