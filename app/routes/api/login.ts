import type { Route } from "./+types/login";
import { LoginSchema } from "~/lib/schemas/auth.ts";
import { AuthError, verifyLogin } from "~/services/auth.server.ts";
import { jsonError, noStore, parseJsonBody } from "~/services/http.server.ts";
import { enforceRateLimit } from "~/services/rate-limit.server.ts";
import { publicSelf, startSession } from "~/services/session.server.ts";

// POST /api/login {username, password}: `username` may be the e-mail address. 200 user | 401 {message}.
export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseJsonBody(request, LoginSchema);
  enforceRateLimit("login", context.clientIp);
  try {
    const user = await verifyLogin(input);
    return Response.json(publicSelf(user), {
      headers: { ...noStore, "Set-Cookie": await startSession(user.id) },
    });
  } catch (error) {
    if (error instanceof AuthError) return jsonError(error.message, error.status);
    throw error;
  }
}

export const loader = () => jsonError("Method not allowed: use POST.", 405, { Allow: "POST" });
