import { isPostSaved } from "~/models/save.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// GET /api/posts/:id/saved → {isSaved}.

export const loader = apiLoader({ who: "member" }, ({ user, params }) => ({
  isSaved: isPostSaved({ userId: user.id, postId: requireId(params.id, NOT_FOUND.post) }),
}));
