import type { Route } from "./+types/admin-users";
import { listAdminUsers } from "~/models/admin/users.server.ts";
import { AdminCreateUserSchema, AdminListQuerySchema } from "~/rules/schemas/admin.ts";
import { createAccountAsAdmin } from "~/models/account/registration.server.ts";
import { apiAction, apiLoader, endpoint } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";

// GET /api/admin/users?q=&page= → users newest first (50 a page, with e-mails, never a hash).
export const loader = apiLoader({ who: "moderator", input: AdminListQuerySchema }, ({ user, input }) =>
  jsonRead("Failed to load users", () => listAdminUsers({ ...input, viewerId: user.id }).items),
);

// POST /api/admin/users {username, email, password, isAdmin} → 201 the user | 400 | 409 taken.
export const action = apiAction<Route.ActionArgs>(
  {
    POST: endpoint({ who: "admin", budget: "moderate", input: AdminCreateUserSchema }, ({ user, input }) => createAccountAsAdmin(user.id, input)),
  },
  { alsoAllow: ["GET"], status: { POST: 201 } },
);
