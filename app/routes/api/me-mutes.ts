import type { Route } from "./+types/me-mutes";
import { MuteApiSchema } from "~/rules/schemas/mute.ts";
import { addMute, listMutes } from "~/models/mute/mute.server.ts";
import { apiAction, apiLoader, endpoint } from "~/http/answers/json-api.server.ts";

// GET /api/me/mutes → {mutes: [{id, kind, value, label, createdAt}]}, the newest first.
// POST /api/me/mutes {kind: 'word'|'member'|'category', value} → 201 with the mute (its id); a member
// or a category by id or name; 400 for an empty or unknown one (or yourself), 409 for a repeat.
// 401 for a visitor (a visitor's mutes live in their browser's cookie: /mutes).
export const loader = apiLoader({ who: "member" }, ({ user }) => ({ mutes: listMutes({ userId: user.id }) }));

export const action = apiAction<Route.ActionArgs>(
  {
    POST: endpoint({ who: "member", budget: "toggle", input: MuteApiSchema }, ({ user, input }) =>
      addMute({ userId: user.id, kind: input.kind, value: input.value }),
    ),
  },
  { status: { POST: 201 }, alsoAllow: ["GET"] },
);
