import type { Route } from "./+types/demo-login";
import { findDemoUser } from "~/http/authenticator.server.ts";
import { apiAction, endpoint, noStore, onlyMethods } from "~/http/answers/json-api.server.ts";
import { notFound } from "~/lib/problem.ts";
import { publicSelf, startSession } from "~/http/cookies/session-cookie.server.ts";

// POST /api/demo-login: signs in as the pre-made demo account (docs/product.md §6). Limited per address
// (the "demo-login" budget): every call starts a session row.
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "anyone", budget: "demo-login", whileSuspended: true }, async ({ request }) => {
    const user = findDemoUser();
    if (!user) throw notFound("The demo account is not available on this site.");
    return Response.json(publicSelf(user), { headers: { ...noStore, "Set-Cookie": await startSession(request, user.id) } });
  }),
});

export const loader = onlyMethods("POST");
