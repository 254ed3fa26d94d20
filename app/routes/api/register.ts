import type { Route } from "./+types/register";
import { RegisterSchema } from "~/rules/schemas/sign-in.ts";
import { registerAccount } from "~/models/account/registration.server.ts";
import { apiAction, endpoint, noStore, onlyMethods } from "~/http/answers/json-api.server.ts";
import { publicSelf, startSession } from "~/http/cookies/session-cookie.server.ts";

// POST /api/register {username, email, password}: 201 user (signed in) | 400 | 409 'Username/Email already exists'.
// Limited per address (the "register" budget) and per network (its sign-up budgets); whoever's session
// the browser holds does not matter. No form is drawn here, so no stamp: the honeypot field `homepage`,
// filled, is refused as on the form (decision 0192).
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "anyone", budget: "register", input: RegisterSchema, whileSuspended: true, botTrap: "honeypot" }, async ({ request, input }) => {
    const user = await registerAccount(input);
    return Response.json(publicSelf(user), { status: 201, headers: { ...noStore, "Set-Cookie": await startSession(request, user.id) } });
  }),
});

export const loader = onlyMethods("POST");
