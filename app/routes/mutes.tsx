import { data } from "react-router";
import type { Route } from "./+types/mutes";
import { MutesPage } from "~/components/mutes/mutes-page.tsx";
import { invalid } from "~/lib/problem.ts";
import { HIDE_READ_OFF, HIDE_READ_ON, muteFailTitle, muteToastText, muteToastTitle, VISITOR_MUTES_FULL, type MuteKind } from "~/rules/mute-rules.ts";
import { MuteFormSchema, MutesPageQuerySchema } from "~/rules/schemas/mute.ts";
import { addMute, addVisitorMute, listMutes, mutingFor, previewMute, removeMute, removeMuteOf, removeVisitorMute, visitorMuteViews } from "~/models/mute/mute.server.ts";
import { listHiddenPosts, setHideRead } from "~/models/mute/hide.server.ts";
import { getPost } from "~/models/post/index.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { readVisitorMutes, visitorMutesHeader, visitorMutesValue } from "~/http/cookies/mute-cookie.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { PRIVATE_PAGE, privatePageHeaders } from "~/http/answers/private-page.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

// /mutes: what a member (or a visitor, by a cookie) muted, with forms to mute a word, a member or a
// category and to unmute; 'Hide what I've read'; the Hidden tab (?tab=hidden) to show a hidden post
// again. A card, a comment or a profile links here with ?kind=…&value=… to confirm a mute (a URL
// state: the confirmation works without JavaScript), and a card's 'Hide or mute…' with ?post=… (hide
// it, mute its author, mute its category). Every form: POST → 303 back → toast.

export const meta: Route.MetaFunction = () => [{ title: "Mutes and hidden posts" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = privatePageHeaders;

const HIDDEN_PAGE = 50;

export const loader = page({ who: "anyone", input: MutesPageQuerySchema, reads: ["mutes", "posts-by-ids", "post"] }, ({ request, user, input }) => {
  const mutes = user ? listMutes({ userId: user.id }) : visitorMuteViews(readVisitorMutes(request));
  const confirm = input.kind && input.value ? previewMute({ userId: user?.id ?? null, kind: input.kind, value: input.value }) : null;
  const post = input.post ? getPost({ id: input.post }) : null;
  return data(
    {
      signedIn: Boolean(user),
      tab: user ? input.tab : ("muted" as const),
      mutes,
      hideRead: user ? mutingFor(user.id).hideRead : false,
      hidden: user && input.tab === "hidden" ? listHiddenPosts({ userId: user.id, limit: HIDDEN_PAGE }) : [],
      confirm,
      post: post ? { id: post.id, title: post.title, authorId: post.author.id, username: post.username, category: post.category } : null,
    },
    { headers: PRIVATE_PAGE },
  );
});

export const action = interactionAction(
  { who: "anyone", budget: "toggle", input: MuteFormSchema },
  () => "/mutes",
  async (ctx) => {
    const { user, input } = ctx;
    if (input.intent === "hide-read" || input.intent === "show-read") {
      if (!user) throw invalid("Sign in to hide what you've read");
      const { hideRead } = setHideRead({ userId: user.id, on: input.intent === "hide-read" });
      return succeed(ctx, { toast: { type: "success", title: hideRead ? "Hiding what you've read" : "Showing what you've read", description: hideRead ? HIDE_READ_ON : HIDE_READ_OFF } });
    }
    const muting = input.intent === "mute";
    const kind: MuteKind = input.kind ?? "word";
    if (user) {
      const label =
        input.intent === "mute"
          ? addMute({ userId: user.id, kind, value: input.value }).label
          : input.id
            ? removeMute({ userId: user.id, id: input.id }).label
            : removeMuteOf({ userId: user.id, kind, value: input.value ?? "" }).label;
      return succeed(ctx, { toast: { type: "success", title: muteToastTitle(kind, muting), description: muteToastText(label, muting) }, to: ctx.back.startsWith("/mutes") ? "/mutes" : undefined });
    }
    // A visitor: the cookie is all there is.
    const current = readVisitorMutes(ctx.request);
    const next = input.intent === "mute" ? addVisitorMute(current, kind, input.value) : removeVisitorMute(current, kind, input.value ?? "");
    const value = visitorMutesValue(next.mutes);
    if (value === null) throw invalid(VISITOR_MUTES_FULL, "value");
    const toast = { type: "success" as const, title: muteToastTitle(kind, muting), description: muteToastText(next.label, muting) };
    const headers = { "Set-Cookie": visitorMutesHeader(value) };
    if (ctx.js) return data({ ok: true, toast }, { headers });
    return redirectWithToast(ctx.back.startsWith("/mutes") ? "/mutes" : ctx.back, toast, { headers });
  },
  { failTitle: muteFailTitle },
);

export default function Mutes({ loaderData }: Route.ComponentProps) {
  return <MutesPage {...loaderData} />;
}
