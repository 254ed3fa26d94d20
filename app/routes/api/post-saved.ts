import { isPostSaved } from "~/models/save.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";

// GET /api/posts/:id/saved → {isSaved}.

export const loader = apiLoader({ who: "member" }, ({ user, params }) => ({
  isSaved: isPostSaved({ userId: user.id, postId: requireId(params.id, "Post not found") }),
}));
