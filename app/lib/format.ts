/** 1234 → "1.2K", 2500000 → "2.5M", 1.6e9 → "1.6B" (docs/product.md §9: K above 1,000, M above 1,000,000, one decimal; B past a billion). */
export function formatCount(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1_000_000_000) return `${trimZero(n / 1_000_000_000)}B`;
  if (abs >= 1_000_000) return `${trimZero(n / 1_000_000)}M`;
  if (abs >= 1_000) return `${trimZero(n / 1_000)}K`;
  return String(n);
}

/** Scores above 1,000 show as "1.2k" (docs/product.md §9). */
export function formatScore(n: number): string {
  return Math.abs(n) >= 1_000 ? `${trimZero(n / 1_000)}k` : String(n);
}

function trimZero(x: number): string {
  return (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  // docs/product.md §8: an invalid time value raises a RangeError.
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return date;
}

// Building an Intl.DateTimeFormat costs far more than using one: one per kind and time zone, reused.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "day" | "time", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      "en-US",
      kind === "day"
        ? { month: "short", day: "numeric", year: "numeric", timeZone }
        : { hour: "numeric", minute: "2-digit", timeZone },
    );
    formatters.set(key, f);
  }
  return f;
}

/** "Jan 5, 2025 at 3:04 PM" in the given time zone. */
export function formatDateTime(value: Date | string | number, timeZone = "UTC"): string {
  const date = toDate(value);
  return `${formatter("day", timeZone).format(date)} at ${formatter("time", timeZone).format(date)}`;
}

/** "Jan 5, 2025" in the given time zone. */
export function formatDate(value: Date | string | number, timeZone = "UTC"): string {
  return formatter("day", timeZone).format(toDate(value));
}

/** "3h ago", "2d ago" relative to `now`; older than 30 days falls back to the date. */
export function formatRelative(value: Date | string | number, now: number, timeZone = "UTC"): string {
  const date = toDate(value);
  const s = Math.max(0, Math.round((now - date.getTime()) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  if (s < 30 * 86400) return `${Math.floor(s / 86400)}d ago`;
  return formatDate(date, timeZone);
}

/** "1 comment", "3 comments". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
