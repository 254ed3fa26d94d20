import { formatDate } from "~/lib/format.ts";
import type { ActivityWeek } from "~/rules/profile-rules.ts";

const SLOT = 24;
const HEIGHT = 102;
const BASE = 100;

/**
 * Posts and comments per week since joining (at most 26 weeks), drawn on the server as inline SVG —
 * no chart library reaches the browser. The caption sums it up and a table carries every number; the
 * caption ends the figure (HTML allows it only first or last), so the table's disclosure follows it.
 */
export function ActivityChart({ weeks, timeZone }: { weeks: ActivityWeek[]; timeZone: string }) {
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.posts, w.comments)));
  const posts = weeks.reduce((n, w) => n + w.posts, 0);
  const comments = weeks.reduce((n, w) => n + w.comments, 0);
  const width = weeks.length * SLOT;
  const bar = (value: number) => Math.round((value / max) * (BASE - 10));
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  const summary = `${posts} ${posts === 1 ? "post" : "posts"} and ${comments} ${comments === 1 ? "comment" : "comments"} in the last ${weeks.length} ${weeks.length === 1 ? "week" : "weeks"}.`;
  return (
    <div className="space-y-2">
      <figure aria-labelledby="activity-caption" className="space-y-2">
        <svg
          viewBox={`0 0 ${Math.max(width, SLOT * 4)} ${HEIGHT}`}
          className="h-32 w-full"
          preserveAspectRatio="xMinYMax meet"
          aria-hidden="true"
          data-testid="activity-chart"
        >
          <line x1="0" y1={BASE} x2={Math.max(width, SLOT * 4)} y2={BASE} stroke="#cbd5e1" strokeWidth="1" />
          {weeks.map((w, i) => {
            const x = i * SLOT + 3;
            return (
              <g key={w.start}>
                <rect x={x} y={BASE - bar(w.posts)} width="8" height={bar(w.posts)} rx="1.5" fill="#e11d48" />
                <rect x={x + 9} y={BASE - bar(w.comments)} width="8" height={bar(w.comments)} rx="1.5" fill="#0284c7" />
              </g>
            );
          })}
        </svg>
        <div aria-hidden="true" className="flex justify-between text-xs text-slate-600">
          <span>{formatDate(first.start, timeZone)}</span>
          <span>now</span>
        </div>
        <figcaption id="activity-caption" className="text-sm text-slate-700">
          <span className="mr-3 inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-[#e11d48]" /> Posts
          </span>
          <span className="mr-3 inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-[#0284c7]" /> Comments
          </span>
          <span data-testid="activity-summary">{summary}</span>
        </figcaption>
      </figure>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand">Show activity as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Posts and comments per week, from {formatDate(first.start, timeZone)} to {formatDate(last.start, timeZone)}</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Posts</th>
              <th scope="col">Comments</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.start}>
                <th scope="row" className="font-normal">
                  {formatDate(w.start, timeZone)}
                </th>
                <td>{w.posts}</td>
                <td>{w.comments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
