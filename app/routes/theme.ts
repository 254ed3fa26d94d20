import { redirect } from "react-router";
import { interactionAction, withAnchor } from "~/http/form-action.server.ts";
import { themeHeader } from "~/http/theme-cookie.server.ts";
import { ThemeFormSchema } from "~/lib/schemas/theme.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";

// POST /theme: the theme switch (a plain form, so it works without JavaScript): sets the cookie and
// goes 303 back to the page it was on, which the server then renders in that theme.

export function loader() {
  return redirect("/");
}

export const action = interactionAction(
  () => "/",
  (ctx) => {
    const { theme } = parseOrThrow(ThemeFormSchema, { theme: ctx.form.get("theme") });
    return redirect(withAnchor(ctx.back, ctx.anchor, { keepTransient: true }), { status: 303, headers: { "Set-Cookie": themeHeader(theme) } });
  },
  { failTitle: "Theme not changed" },
);
