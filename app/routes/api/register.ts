import type { Route } from "./+types/register";
import { RegisterSchema } from "~/lib/schemas/auth.ts";
import { registerAccount } from "~/models/account/registration.server.ts";
import { apiAction, methodNotAllowed, noStore, parseJsonBody } from "~/http/json-api.server.ts";
import { enforceRateLimit } from "~/integrations/rate-limit.server.ts";
import { publicSelf, startSession } from "~/http/session-cookie.server.ts";

// POST /api/register {username, email, password}: 201 user (signed in) | 400 | 409 'Username/Email already exists'.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const input = await parseJsonBody(request, RegisterSchema);
    await enforceRateLimit("register", context.clientIp);
    const user = await registerAccount(input);
    return Response.json(publicSelf(user), { status: 201, headers: { ...noStore, "Set-Cookie": await startSession(request, user.id) } });
  },
}, { limit: null });

export const loader = () => methodNotAllowed("POST");
