import type { Route } from "./+types/account.standing";
import { StandingList } from "~/components/account/standing-list.tsx";
import { APPEAL_SENT } from "~/rules/moderation-rules.ts";
import { AppealSchema } from "~/rules/schemas/moderation.ts";
import { fileAppeal, memberStanding } from "~/models/moderation/standing.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { heldItemsOf } from "~/models/spam/held.server.ts";
import { LazyHeldList } from "~/components/lazy-parts.tsx";

// /account/standing: the member's removed items, suspensions and their reasons, each with one
// appeal (this route's action). Only the member sees it; a suspended member may still appeal.

export const meta: Route.MetaFunction = () => [
  { title: "Your standing" },
  { name: "description", content: "What moderators removed, your suspensions, their reasons, and your appeals." },
];

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const loader = page({ who: "member" }, ({ user }) => ({
  ...memberStanding(user.id),
  // A new member's posts and comments that wait for a moderator.
  held: user.newcomer ? heldItemsOf(user.id).map(({ id, kind, title, content }) => ({ id, kind, title, content })) : [],
}));

// An appeal spends the report budget.
export const action = interactionAction(
  { who: "member", budget: "report", input: AppealSchema, whileSuspended: true },
  () => "/account/standing",
  (ctx) => {
    const { subjectType, subjectId, text } = ctx.input;
    fileAppeal({ userId: ctx.user.id, subjectType, subjectId, text });
    return succeed(ctx, { toast: { type: "success", title: APPEAL_SENT } });
  },
  { failTitle: "Appeal not sent" },
);

export default function Standing({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">Your standing</h1>
      <p className="text-sm text-slate-700">Only you can see this page. Each decision can be appealed once.</p>
      {loaderData.held.length > 0 ? (
        <section aria-labelledby="held-heading" className="space-y-2">
          <h2 id="held-heading" className="text-lg font-semibold">
            Waiting for review
          </h2>
          <LazyHeldList items={loaderData.held} label="Your posts and comments waiting for review" testId="held-item" />
        </section>
      ) : null}
      <StandingList standing={loaderData} />
    </section>
  );
}
