import type { Route } from "./+types/admin-post";
import { removeAsModerator } from "~/models/moderation/moderator-removal.server.ts";
import { ReasonSchema } from "~/rules/schemas/admin.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// DELETE /api/admin/posts/{id} [{reason}] → any post, as an admin (logged, its author told).
export const action = apiAction<Route.ActionArgs>({
  DELETE: endpoint({ who: "moderator", budget: "moderate", input: ReasonSchema }, ({ params, user, input }) => {
    removeAsModerator({ actorId: user.id, target: { kind: "post", id: requireId(params.id, NOT_FOUND.post) }, reason: input.reason });
    return { message: "Post deleted" };
  }),
});

export const loader = onlyMethods("DELETE");
