// Query-string schemas of the read side. The JSON endpoints are strict (a bad parameter is a 400
// with the message); the screens are lenient (a bad parameter falls back to the default view).
import { z } from "zod";
import { textField, tokenField } from "./text-fields.ts";
import { truncateVisible } from "../../lib/text.ts";
import { categoryFromSlug, DEFAULT_CATEGORY } from "../../lib/category-list.ts";
import { CATEGORY_PAGE, FEED_PAGE, FEED_SORTS, HOME_SORTS, LIST_SORTS, MAX_CONTRIBUTORS, MAX_LIST, TIMEFRAMES } from "../../lib/browse.ts";

export const MAX_QUERY = 100;
export const SEARCH_TABS = ["all", "posts", "users"] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** The query string as an object; empty values count as absent. */
export function searchParamsObject(input: URL | URLSearchParams): Record<string, string> {
  const params = input instanceof URL ? input.searchParams : input;
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "") out[key] = value;
  return out;
}

/** A whole-number query parameter with its bounds and default (messages name the parameter). */
export const whole = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

const query = textField({ type: "Search query must be text", max: { length: MAX_QUERY, message: `Search query must be at most ${MAX_QUERY} characters` } }).default("");

/** ?category= (the feeds, the moderation log) takes any casing of one of the 20 categories, or 'Uncategorized'. */
export const category = tokenField("category must be text", "Unknown category").transform((value, ctx) => {
  if (value.toLowerCase() === DEFAULT_CATEGORY.toLowerCase()) return DEFAULT_CATEGORY;
  const found = categoryFromSlug(value);
  if (!found) {
    ctx.addIssue({ code: "custom", message: `Unknown category '${value}'` });
    return z.NEVER;
  }
  return found;
});

/** GET /api/posts */
export const PostsQuerySchema = z.object({
  sortBy: z.enum(FEED_SORTS, { error: `sortBy must be one of ${FEED_SORTS.join(", ")}` }).default("hot"),
  timeframe: z.enum(TIMEFRAMES, { error: `timeframe must be one of ${TIMEFRAMES.join(", ")}` }).default("all"),
  category: category.optional(),
  q: query,
  limit: whole("limit", 1, 100, FEED_PAGE),
  offset: whole("offset", 0, 10_000, 0),
});

/** GET /api/search */
export const SearchQuerySchema = z.object({ q: query });

/** GET /api/users/top/contributors */
export const ContributorsQuerySchema = z.object({ limit: whole("limit", 1, MAX_CONTRIBUTORS, 5) });

const lenientLimit = (fallback: number) => z.coerce.number().int().min(1).max(MAX_LIST).catch(fallback);
const lenientQuery = textField({ type: "Search query must be text" })
  .transform((s) => truncateVisible(s, MAX_QUERY))
  .catch("");

/** The home feed's URL: /?sort=top&t=week&q=cat&limit=15 (or ?sort=following) */
export const HomeQuerySchema = z.object({
  sort: z.enum(HOME_SORTS).catch("hot"),
  t: z.enum(TIMEFRAMES).catch("all"),
  q: lenientQuery,
  limit: lenientLimit(FEED_PAGE),
});

/** A category page's URL: /category/music?sort=oldest&t=year&limit=20 */
export const CategoryQuerySchema = z.object({
  sort: z.enum(LIST_SORTS).catch("newest"),
  t: z.enum(TIMEFRAMES).catch("all"),
  limit: lenientLimit(CATEGORY_PAGE),
});

/** The search page's URL: /search?q=cat&tab=users&sort=most_upvoted&t=week */
export const SearchPageQuerySchema = z.object({
  q: lenientQuery,
  tab: z.enum(SEARCH_TABS).catch("all"),
  sort: z.enum(LIST_SORTS).catch("newest"),
  t: z.enum(TIMEFRAMES).catch("all"),
});
