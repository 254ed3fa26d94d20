// The one rule for a date a person or a client sends (a suspension's end, a video's publication
// time): strict ISO 8601, as `<input type="date">` sends it ("2030-02-01") or a full date-time with
// its offset ("2030-02-01T10:30:00Z", "…+05:30"). Nothing else is taken, and an impossible date or
// time is refused rather than moved ("2099-02-30" is not March 2). Plain TypeScript: the schemas
// (app/rules/schemas/date-field.ts) and any screen may use it.

/** Which forms a field takes: a calendar date (00:00 UTC that day) or a date-time, or a date-time only. */
export type IsoDateForm = "date or date-time" | "date-time";

export type IsoDateResult = { ok: true; date: Date } | { ok: false; problem: "format" | "impossible" };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Minutes required, seconds and a fraction optional; Z or ±hh:mm required.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):(\d{2}))$/;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function realDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeap(year) ? 29 : DAYS[month - 1]);
}

/** The instant a strict ISO 8601 text names, or why it names none. */
export function parseIsoDate(text: string, form: IsoDateForm): IsoDateResult {
  const dateOnly = form === "date or date-time" ? DATE.exec(text) : null;
  const parts = dateOnly ?? DATE_TIME.exec(text);
  if (!parts) return { ok: false, problem: "format" };
  const [year, month, day] = [1, 2, 3].map((i) => Number(parts[i]));
  if (!realDay(year, month, day)) return { ok: false, problem: "impossible" };
  // Built field by field: Date.UTC would read years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (dateOnly) return { ok: true, date };
  const [hour, minute, second] = [4, 5, 6].map((i) => Number(parts[i] ?? 0));
  const [offsetHours, offsetMinutes] = [10, 11].map((i) => Number(parts[i] ?? 0));
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return { ok: false, problem: "impossible" };
  const millis = Math.floor(Number(parts[7] ?? 0) * 1000);
  const offset = (parts[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  date.setUTCHours(hour, minute - offset, second, millis);
  return { ok: true, date };
}

/** The message for a text of the right form that names no real date or time. */
export const noSuchDate = (text: string) => `No such date: ${text}.`;
