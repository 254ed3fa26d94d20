import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/http/session-cookie.server.ts";
import { redirectWithToast } from "~/http/toast-cookie.server.ts";

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const cookie = await endSession(request);
  return redirectWithToast(
    "/auth",
    { type: "success", title: "Logged out", description: "You have been logged out successfully." },
    { headers: { "Set-Cookie": cookie } },
  );
}
