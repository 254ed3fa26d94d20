import { redirectLoader, resource } from "~/http/contract.server.ts";
import { endSession } from "~/http/cookies/session-cookie.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

export const loader = redirectLoader(() => "/");

// Anyone may post it (a visitor's ends nothing); a suspended or unverified member signs out too.
export const action = resource(
  { who: "anyone", whileSuspended: true },
  async ({ request }) => {
    const cookie = await endSession(request);
    return redirectWithToast(
      "/auth",
      { type: "success", title: "Logged out", description: "You have been logged out successfully." },
      { headers: { "Set-Cookie": cookie } },
    );
  },
  { method: "POST" },
);
