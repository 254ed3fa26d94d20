import type { Route } from "./+types/me-email-preferences";
import { apiAction, apiLoader, endpoint } from "~/http/answers/json-api.server.ts";
import { EmailPreferencesPatchSchema } from "~/rules/schemas/email.ts";
import { getEmailPreferences, setEmailPreferences } from "~/models/mail/preferences.server.ts";

// GET /api/me/email-preferences → {reply_to_comment, comment_on_post, mention, thread_activity,
// new_follower, weekly_digest}: each true or false (all false until opted in). PATCH with any of them
// → the same, after the change. 401 for a visitor; 400 for an unknown kind or a value not a boolean.

export const loader = apiLoader({ who: "member" }, ({ user }) => getEmailPreferences(user.id));

export const action = apiAction<Route.ActionArgs>(
  {
    PATCH: endpoint({ who: "member", budget: "toggle", whileSuspended: true, notDemo: true, input: EmailPreferencesPatchSchema }, ({ user, input }) =>
      setEmailPreferences({ userId: user.id, changes: input }),
    ),
  },
  { alsoAllow: ["GET"] },
);
