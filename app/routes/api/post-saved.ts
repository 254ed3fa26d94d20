import { isPostSaved } from "~/models/save.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiLoader } from "~/http/json-api.server.ts";

// GET /api/posts/:id/saved → {isSaved}.

export const loader = apiLoader({ who: "member" }, ({ user, params }) => ({
  isSaved: isPostSaved({ userId: user.id, postId: requireId(params.id, "Post not found") }),
}));
