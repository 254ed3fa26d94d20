import { redirect } from "react-router";
import { safeRedirect } from "~/lib/redirect.ts";
import { resource } from "~/http/contract.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

// A visitor following a member-only link (a trending post or a contributor in the home sidebar)
// lands on /auth with a toast and comes back afterwards (docs/product.md §2). Members go straight through.
export const loader = resource({ who: "anyone" }, ({ request, user }) => {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (user) return redirect(to);
  return redirectWithToast(`/auth?${new URLSearchParams({ redirectTo: to })}`, {
    type: "info",
    title: "Login Required",
    description: "You need to sign in before you can interact with comments.",
  });
});
