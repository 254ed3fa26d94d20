import type { Route } from "./+types/users.$id.block";
import type { UserRow } from "#db/schema.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { blockUser, unblockUser } from "~/models/block.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /api/users/:id/block blocks, DELETE unblocks; both → {blocked}. 401 signed out, 404 unknown
// member, 400 'You cannot block yourself'; twice changes nothing.

export const loader = onlyMethods("POST, DELETE");

const who = ({ user, params }: { user: UserRow; params: Record<string, string | undefined> }) => ({
  blockerId: user.id,
  blockedId: requireId(params.id, NOT_FOUND.user),
});

export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "member", budget: "toggle" }, (args) => blockUser(who(args))),
  DELETE: endpoint({ who: "member", budget: "toggle" }, (args) => unblockUser(who(args))),
});
