import type { Route } from "./+types/admin-users";
import { listAdminUsers } from "~/models/admin/users.server.ts";
import { AdminCreateUserSchema, parseAdminListQuery } from "~/lib/schemas/admin.ts";
import { createAccountAsAdmin } from "~/models/account/registration.server.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiAction, apiLoader, parseJsonBody } from "~/http/json-api.server.ts";
import { jsonRead } from "~/http/json-read.server.ts";

// GET /api/admin/users?q=&page= → users newest first (50 a page, with e-mails, never a hash).
export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  await requireApiAdmin(request);
  return jsonRead("Failed to load users", () => listAdminUsers(parseAdminListQuery(new URL(request.url))).items);
});

// POST /api/admin/users {username, email, password, isAdmin} → 201 the user | 400 | 409 taken.
export const action = apiAction<Route.ActionArgs>(
  {
    POST: async ({ request }) => {
      const admin = await requireApiAdmin(request);
      return createAccountAsAdmin(admin.id, await parseJsonBody(request, AdminCreateUserSchema));
    },
  },
  { alsoAllow: ["GET"], status: { POST: 201 } },
);
