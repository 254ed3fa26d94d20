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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 86_400_000;

// Dates are written by hand from the zone's wall clock: Intl's format cost ~2 µs a date, a list
// page's cards show some sixty (decision 0097). Intl tells the zone's offset from UTC, once per zone
// and UTC day (every day of a zone has one offset but the days its clocks change: asked per instant).
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ms`, in ms: its wall clock read as UTC, minus the instant. */
function offsetNow(ms: number, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    clocks.set(timeZone, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of clock.formatToParts(ms)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

const offsets = new Map<string, number>();
const OFFSETS_MAX = 4096;

function offsetAt(ms: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  const day = Math.floor(ms / DAY_MS);
  const key = `${timeZone} ${day}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = offsetNow(day * DAY_MS, timeZone);
    // NaN: the zone's clocks change that day.
    offset = first === offsetNow((day + 1) * DAY_MS - 1000, timeZone) ? first : Number.NaN;
    if (offsets.size >= OFFSETS_MAX) offsets.delete(offsets.keys().next().value!);
    offsets.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetNow(ms, timeZone) : offset;
}

/** A date whose UTC fields are the zone's wall clock at `value`. */
function wallClock(value: Date | string | number, timeZone: string): Date {
  const ms = toDate(value).getTime();
  return new Date(ms + offsetAt(ms, timeZone));
}

const day = (wall: Date) => `${MONTHS[wall.getUTCMonth()]} ${wall.getUTCDate()}, ${wall.getUTCFullYear()}`;

function time(wall: Date): string {
  const hours = wall.getUTCHours();
  const minutes = wall.getUTCMinutes();
  return `${hours % 12 || 12}:${minutes < 10 ? "0" : ""}${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** "Jan 5, 2025 at 3:04 PM" in the given time zone. */
export function formatDateTime(value: Date | string | number, timeZone = "UTC"): string {
  const wall = wallClock(value, timeZone);
  return `${day(wall)} at ${time(wall)}`;
}

/** "Jan 5, 2025" in the given time zone. */
export function formatDate(value: Date | string | number, timeZone = "UTC"): string {
  return day(wallClock(value, timeZone));
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
