import type { Route } from "./+types/admin-post";
import { deletePost } from "~/models/post/index.server.ts";
import { ReasonSchema } from "~/lib/schemas/admin.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";

// DELETE /api/admin/posts/{id} [{reason}] → any post, as an admin (logged).
export const action = apiAction<Route.ActionArgs>({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = requireId(params.id, "Post not found");
    const { reason } = await parseJsonBody(request, ReasonSchema);
    deletePost({ id, actorId: admin.id, asAdmin: { reason } });
    return { message: "Post deleted" };
  },
});

export const loader = () => methodNotAllowed("DELETE");
