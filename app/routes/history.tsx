import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/history";
import { actsAsAdmin } from "~/http/contract.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { pageParam } from "~/rules/schemas/paging.ts";
import { useRootData } from "~/components/hooks.ts";
import { HistoryPager, VersionCard, versionLabel } from "~/components/history-version.tsx";
import { getCommentHistory, getPostHistory } from "~/models/revision.server.ts";

// /post/:id/history and /comments/:id/history?page=: the versions, newest first, a page at a time, with
// what changed from the one before (rendered here on the server). Admins may redact an earlier version.

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  const what = loaderData?.kind === "comment" ? "Comment history" : "Post history";
  return [{ title: `${what} · ${siteName}` }, { name: "robots", content: "noindex" }];
};

export const loader = page({ who: "anyone" }, async ({ request, params }) => {
  const url = new URL(request.url);
  const isPost = url.pathname.startsWith("/post/");
  const id = requireId(params.id, NOT_FOUND[isPost ? "post" : "comment"]);
  const history = (isPost ? getPostHistory : getCommentHistory)(id, pageParam(url));
  if (!history) throw notFound(NOT_FOUND[isPost ? "post" : "comment"]);
  // Redacting is an admin's power: offered only where the session may use it (the second factor too).
  return { ...history, canRedact: await actsAsAdmin(request) };
});

export default function HistoryPage({ loaderData: history }: Route.ComponentProps) {
  const { timeZone } = useRootData();
  const back = history.kind === "post" ? `/post/${history.postId}` : `/post/${history.postId}#comment-${history.id}`;
  return (
    <div className="mx-auto max-w-2xl space-y-4 py-4">
      <h1 className="text-2xl font-bold">{history.kind === "post" ? "Post history" : "Comment history"}</h1>
      <p className="text-sm text-slate-700">
        {history.kind === "post" ? "Post" : "A comment on"} “<bdi>{history.title}</bdi>” ·{" "}
        <Link to={back} className="font-semibold text-brand-dark hover:underline">
          Back to the {history.kind}
        </Link>
      </p>
      <ol className="space-y-3" aria-label="Versions, newest first">
        {history.versions.map((v) => (
          <VersionCard key={v.revisionId ?? "current"} version={v} label={versionLabel(v)} timeZone={timeZone} canRedact={history.canRedact} />
        ))}
      </ol>
      {history.totalPages > 1 || history.page > 1 ? <HistoryPager page={history.page} totalPages={history.totalPages} total={history.total} /> : null}
    </div>
  );
}
