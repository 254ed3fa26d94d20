import type { Route } from "./+types/post-hide";
import type { UserRow } from "#db/schema.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { hidePost, unhidePost } from "~/models/mute/hide.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// PUT /api/posts/:id/hide hides a post from the member's lists, DELETE shows it again; both → {hidden}.
// 401 signed out, 404 no such post; twice changes nothing.

export const loader = onlyMethods("PUT, DELETE");

const ids = ({ user, params }: { user: UserRow; params: Record<string, string | undefined> }) => ({
  userId: user.id,
  postId: requireId(params.id, NOT_FOUND.post),
});

export const action = apiAction<Route.ActionArgs>({
  PUT: endpoint({ who: "member", budget: "toggle" }, (args) => hidePost(ids(args))),
  DELETE: endpoint({ who: "member", budget: "toggle" }, (args) => unhidePost(ids(args))),
});
