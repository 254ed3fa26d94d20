import { formatDate, plural } from "~/lib/format.ts";
import type { DayCount } from "~/lib/types.ts";

// A bar chart drawn on the server as inline SVG (no chart code in the browser), with its numbers
// as text: a one-line summary and the full table behind a disclosure. The caption ends the figure
// (HTML allows it only first or last), so the table's disclosure follows it, inside the same card.

const WIDTH = 300;
const HEIGHT = 100;
const GAP = 2;

export function ActivityChart({
  id,
  title,
  noun,
  series,
}: {
  id: string;
  title: string;
  noun: [one: string, many: string];
  series: DayCount[];
}) {
  const max = Math.max(1, ...series.map((d) => d.count));
  const total = series.reduce((sum, d) => sum + d.count, 0);
  const busiest = series.reduce((best, d) => (d.count > best.count ? d : best), series[0] ?? { day: "", count: 0 });
  const bar = WIDTH / Math.max(1, series.length);
  const label = (day: string) => formatDate(`${day}T12:00:00Z`, "UTC");
  const summary =
    total === 0
      ? `No ${noun[1]} in the last ${series.length} days.`
      : `${plural(total, noun[0], noun[1])} in the last ${series.length} days; the busiest day was ${label(busiest.day)} with ${busiest.count}.`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <figure aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <p className="mt-1 text-xs text-slate-700" aria-hidden="true">
          Highest bar: {max}
        </p>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-1 h-28 w-full" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-300" strokeWidth="1" />
          {series.map((d, i) => {
            const h = (d.count / max) * (HEIGHT - 4);
            return (
              <rect key={d.day} x={i * bar + GAP / 2} y={HEIGHT - h} width={Math.max(1, bar - GAP)} height={h} className="fill-brand">
                <title>{`${label(d.day)}: ${d.count}`}</title>
              </rect>
            );
          })}
        </svg>
        <figcaption className="mt-2 text-sm text-slate-700">{summary}</figcaption>
      </figure>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-slate-700 underline">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                {noun[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr key={d.day}>
                <td>{label(d.day)}</td>
                <td className="text-right">{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
