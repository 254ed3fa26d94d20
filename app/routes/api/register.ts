import type { Route } from "./+types/register";
import { RegisterSchema } from "~/lib/schemas/auth.ts";
import { DuplicateAccountError, registerUser } from "~/services/auth.server.ts";
import { jsonError, noStore, parseJsonBody } from "~/services/http.server.ts";
import { enforceRateLimit } from "~/services/rate-limit.server.ts";
import { publicSelf, startSession } from "~/services/session.server.ts";

// POST /api/register {username, email, password}: 201 user (signed in) | 400 | 409 'Username/Email already exists'.
export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseJsonBody(request, RegisterSchema);
  enforceRateLimit("register", context.clientIp);
  try {
    const user = await registerUser(input);
    return Response.json(publicSelf(user), {
      status: 201,
      headers: { ...noStore, "Set-Cookie": await startSession(user.id) },
    });
  } catch (error) {
    if (error instanceof DuplicateAccountError) return jsonError(error.message, 409);
    throw error;
  }
}

export const loader = () => jsonError("Method not allowed: use POST.", 405, { Allow: "POST" });
