import type { Route } from "./+types/invites";
import { apiAction, apiLoader, endpoint } from "~/http/answers/json-api.server.ts";
import { createInvite, listInvites } from "~/models/account/invites.server.ts";
import { actsAsAdmin } from "~/http/contract.server.ts";

// GET /api/invites → {invites: [{code, createdAt, usedAt, usedBy: {id, username} | null}]}, the member's own.
// POST /api/invites → 201 {code}; 403 with the reason (the demo account, suspended, newer than a week,
// five unused codes already; admins make any number), 401 for a visitor.
export const loader = apiLoader({ who: "member" }, ({ user }) => ({ invites: listInvites({ userId: user.id }) }));

export const action = apiAction<Route.ActionArgs>(
  {
    POST: endpoint({ who: "member", budget: "toggle", notDemo: true }, async ({ request, user }) => createInvite({ userId: user.id, asAdmin: await actsAsAdmin(request) })),
  },
  { status: { POST: 201 }, alsoAllow: ["GET"] },
);
