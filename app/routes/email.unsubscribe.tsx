import { Form } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/email.unsubscribe";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBE_SCOPE_TEXT } from "~/rules/email-rules.ts";
import { UnsubscribeLinkSchema } from "~/rules/schemas/email.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import { isUnsubscribeLinkValid, unsubscribeByLink } from "~/models/mail/preferences.server.ts";

// /email/unsubscribe?u=&scope=&sig=: every mail's one-click unsubscribe, without signing in (the
// signature decides). A GET only asks (mail scanners open links): its button POSTs to the same
// address with List-Unsubscribe=One-Click, the very request a mail client sends by RFC 8058, and
// the answer is this page saying it is done (200, so a mail client sees success too).

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

export const loader = page({ who: "anyone" }, ({ request }) => {
  const parsed = UnsubscribeLinkSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success || !isUnsubscribeLinkValid(parsed.data)) return { valid: false as const };
  return { valid: true as const, scope: parsed.data.scope };
});

// No budget: the signature decides (nobody can make one), and a mail provider sends every one-click
// request of its users from a few addresses, which an address's budget would soon refuse.
export const action = pageAction({ who: "anyone", whileSuspended: true }, ({ request }) => {
  const link = parseOrThrow(UnsubscribeLinkSchema, Object.fromEntries(new URL(request.url).searchParams));
  return unsubscribeByLink(link);
});

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.scope;
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Unsubscribe</h1>
        {done ? (
          <p role="status" className="mt-3 text-sm">
            {`You are unsubscribed from ${UNSUBSCRIBE_SCOPE_TEXT[done]}. We will not e-mail you about it again.`}
          </p>
        ) : loaderData.valid ? (
          <Form method="post" className="mt-3 space-y-3">
            <p className="text-sm">{`Stop getting ${UNSUBSCRIBE_SCOPE_TEXT[loaderData.scope]} by e-mail?`}</p>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className="rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white">
              Unsubscribe
            </button>
          </Form>
        ) : (
          <p role="alert" className="mt-3 text-sm">{INVALID_UNSUBSCRIBE_LINK}</p>
        )}
        <p className="mt-4 text-sm">
          <Link to="/account/email" className="font-semibold text-brand hover:underline">
            All e-mail preferences
          </Link>{" "}
          (after signing in)
        </p>
      </div>
    </div>
  );
}
