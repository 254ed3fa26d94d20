// The installed site's place in a phone's share sheet (public/manifest.webmanifest `share_target`,
// docs/product.md §2): what another app shares arrives here as a GET and is sent on (303) to the share
// dialog's URL state, step 2 with the video or comment link in place, step 1 otherwise. A visitor
// signs in first and comes back to that dialog. No YouTube call here: the dialog looks the video up.
import { redirect } from "react-router";
import { page } from "~/http/answers/page-problem.server.ts";
import { ShareTargetQuerySchema } from "~/rules/schemas/share-target-query.ts";
import { searchParamsObject } from "~/rules/schemas/browse-query.ts";
import { SHARE_TEXTS } from "~/rules/share-dialog-state.ts";
import { shareTargetHref } from "~/rules/share-target.ts";

const NO_STORE = { "Cache-Control": "no-store" };

export const loader = page(
  { who: "member", input: ShareTargetQuerySchema },
  ({ input }) => redirect(shareTargetHref(input), { status: 303, headers: NO_STORE }),
  {
    // The same dialog, after signing in (an unreadable share: the dialog, empty).
    signIn: (request) => {
      const shared = ShareTargetQuerySchema.safeParse(searchParamsObject(new URL(request.url)));
      return {
        redirectTo: shared.success ? shareTargetHref(shared.data) : shareTargetHref({}),
        toast: { type: "error", title: SHARE_TEXTS.authTitle, description: SHARE_TEXTS.authDescription },
      };
    },
  },
);
