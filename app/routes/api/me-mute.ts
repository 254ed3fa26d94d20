import type { Route } from "./+types/me-mute";
import { MUTE_NOT_FOUND } from "~/rules/mute-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { removeMute } from "~/models/mute/mute.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";

// DELETE /api/me/mutes/:id → {id, label}: unmutes; 404 when it is not one of the member's mutes.

export const loader = onlyMethods("DELETE");

export const action = apiAction<Route.ActionArgs>({
  DELETE: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) => removeMute({ userId: user.id, id: requireId(params.id, MUTE_NOT_FOUND) })),
});
