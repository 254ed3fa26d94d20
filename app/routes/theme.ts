import { redirect } from "react-router";
import { redirectLoader } from "~/http/contract.server.ts";
import { interactionAction, withAnchor } from "~/http/answers/form-action.server.ts";
import { themeHeader } from "~/http/cookies/theme-cookie.server.ts";
import { ThemeFormSchema } from "~/rules/schemas/theme-form.ts";

// POST /theme: the theme switch (a plain form, so it works without JavaScript): sets the cookie and
// goes 303 back to the page it was on, which the server then renders in that theme.

export const loader = redirectLoader(() => "/");

// Anyone's, and no member's write: a cookie of this browser, no budget; a suspended or unverified
// member switches it too (whileSuspended).
export const action = interactionAction(
  { who: "anyone", input: ThemeFormSchema, whileSuspended: true },
  () => "/",
  (ctx) => {
    const { theme } = ctx.input;
    return redirect(withAnchor(ctx.back, ctx.anchor, { keepTransient: true }), { status: 303, headers: { "Set-Cookie": themeHeader(theme) } });
  },
  { failTitle: "Theme not changed" },
);
