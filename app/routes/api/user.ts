import type { Route } from "./+types/user";
import { getUser, publicSelf } from "~/http/session-cookie.server.ts";
import { noStore } from "~/http/json-api.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return Response.json({ message: "Not logged in" }, { status: 401, headers: noStore });
  return Response.json(publicSelf(user), { headers: noStore });
}
