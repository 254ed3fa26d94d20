import type { Route } from "./+types/users.$id.block";
import { requireId } from "~/lib/schemas/id.ts";
import { USER_NOT_FOUND } from "~/lib/profile.ts";
import { blockUser, unblockUser } from "~/models/block.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed } from "~/http/json-api.server.ts";

// POST /api/users/:id/block blocks, DELETE unblocks; both → {blocked}. 401 signed out, 404 unknown
// member, 400 'You cannot block yourself'; twice changes nothing.

export const loader = () => methodNotAllowed("POST, DELETE");

async function who({ request, params }: Route.ActionArgs) {
  const user = await requireApiUser(request);
  return { blockerId: user.id, blockedId: requireId(params.id, USER_NOT_FOUND) };
}

export const action = apiAction<Route.ActionArgs>({
  POST: async (args) => blockUser(await who(args)),
  DELETE: async (args) => unblockUser(await who(args)),
});
