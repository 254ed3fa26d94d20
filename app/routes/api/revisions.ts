import type { Route } from "./+types/revisions";
import { listRevisions } from "~/models/revision.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { jsonRead } from "~/http/json-read.server.ts";
import { methodNotAllowed } from "~/http/json-api.server.ts";

// GET /api/posts/{id}/revisions and GET /api/comments/{id}/revisions: the current version and every one
// an edit replaced, newest first (a redacted one reads 'Removed by a moderator'). Public, like the item.
export function loader({ params, request }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname.startsWith("/api/posts/") ? "post" : "comment";
  return jsonRead("Failed to fetch revisions", () =>
    ({ revisions: listRevisions(kind, requireId(params.id, kind === "post" ? "Post not found" : "Comment not found")) }),
  );
}

export const action = () => methodNotAllowed("GET");
