// Mutes (decision 0125): a member's words, members and categories, kept as rows; a visitor's words and
// categories, kept in a cookie and handed in by the route. `mutingFor` is what every list reads: it
// says what to leave out, and the lists leave it out in their SQL (muted-sql.server.ts).
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { foldText } from "#db/words.ts";
import { hiddenPosts, listSettings, mutes, users } from "#db/schema.ts";
import { CATEGORIES, DEFAULT_CATEGORY } from "~/lib/category-list.ts";
import {
  MAX_MUTE_WORDS,
  MAX_MUTES,
  MUTE_EMPTY,
  MUTE_NOT_FOUND,
  MUTE_REPEAT,
  MUTE_SELF,
  MUTE_TOO_LONG,
  MUTE_TOO_MANY,
  MUTE_UNKNOWN_CATEGORY,
  MUTE_UNKNOWN_MEMBER,
  VISITOR_MUTES_ONLY,
  type MuteKind,
  type MuteView,
  type VisitorMutes,
} from "~/rules/mute-rules.ts";
import { MuteWordSchema } from "~/rules/schemas/mute.ts";
import { conflict, invalid, isProblem, notFound } from "~/lib/problem.ts";
import { versionedCache } from "../data-version.server.ts";
import { prepared, writeTransaction } from "../db.server.ts";

/** What one viewer's lists leave out. */
export type Muting = {
  readonly viewerId: number | null;
  /** Folded words and phrases (mutedWordKey). */
  readonly words: readonly string[];
  readonly members: readonly number[];
  readonly categories: readonly string[];
  /** The member hid at least one post. */
  readonly hidden: boolean;
  /** 'Hide what I've read' is on. */
  readonly hideRead: boolean;
};

const NO_MUTING: Muting = Object.freeze({ viewerId: null, words: [], members: [], categories: [], hidden: false, hideRead: false });

/** Whether a list must ask its SQL to leave something out (otherwise the shared, cached list serves). */
export function isMuting(m: Muting): boolean {
  return m.words.length > 0 || m.members.length > 0 || m.categories.length > 0 || m.hidden || m.hideRead;
}

// One statement for all of a member's list settings, kept per member until one of these tables is
// written (lag 0, own and others': a mute must hold at once). Each kind's values joined by a newline,
// which none holds (a word's key is letters, digits and single spaces; a category is one of the list's
// names; a member is an id): with MEMO=off a JSON array of 100 mutes, built and parsed at each page,
// was a third of a muting member's hot page (bench/results/2026-12-07-mutes-bounded-2.md).
const settingsOf = prepared((db) => {
  const userId = sql.placeholder("userId");
  const joined = (kind: MuteKind, column: SQL) =>
    sql<string | null>`(SELECT group_concat(${column}, char(10)) FROM ${mutes} WHERE ${mutes.userId} = ${userId} AND ${mutes.kind} = ${kind})`;
  return db
    .select({
      words: joined("word", sql`${mutes.value}`),
      members: joined("member", sql`${mutes.memberId}`),
      categories: joined("category", sql`${mutes.value}`),
      hidden: sql<number>`EXISTS (SELECT 1 FROM ${hiddenPosts} WHERE ${hiddenPosts.userId} = ${userId})`,
      hideRead: sql<number>`coalesce((SELECT ${listSettings.hideRead} FROM ${listSettings} WHERE ${listSettings.userId} = ${userId}), 0)`,
    })
    .from(sql`(SELECT 1)`)
    .prepare();
});
const kept = versionedCache<number, Muting>({ name: "mutes", tables: ["mutes", "hidden_posts", "list_settings"], staleMs: 0, maxWeight: 10_000, freeze: true });

const values = (joined: string | null | undefined) => (joined ? joined.split("\n") : []);

function readMuting(viewerId: number): Muting {
  const row = settingsOf().get({ userId: viewerId });
  return {
    viewerId,
    words: values(row?.words),
    members: values(row?.members).map(Number),
    categories: values(row?.categories),
    hidden: Boolean(row?.hidden),
    hideRead: Boolean(row?.hideRead),
  };
}

/**
 * What `viewerId`'s lists leave out: a member's own mutes, hidden posts and 'Hide what I've read'
 * (read once and kept until they change); a visitor's cookie (`visitor`), words and categories only.
 * Shared: read it, never change it.
 */
export function mutingFor(viewerId: number | null | undefined, visitor?: VisitorMutes | null): Muting {
  if (viewerId) return kept.get(viewerId, () => readMuting(viewerId));
  if (!visitor || (visitor.words.length === 0 && visitor.categories.length === 0)) return NO_MUTING;
  return { ...NO_MUTING, words: visitor.words, categories: visitor.categories };
}

/** A category's own name, whatever its case or slug; null when none has it. */
function categoryNamed(name: string): string | null {
  const wanted = name.trim().toLowerCase();
  return [...CATEGORIES, DEFAULT_CATEGORY].find((c) => c.toLowerCase() === wanted) ?? null;
}

/**
 * A word or phrase as it is kept: the one rule of a muted word, whatever brings it (the form, the JSON
 * API, a visitor's cookie): cleaned and at most MAX_MUTE_LENGTH characters (the form's own field,
 * MuteWordSchema), folded (db/words.ts), at most MAX_MUTE_WORDS words. Problem invalid otherwise.
 */
function mutedWordKey(text: string): string {
  const typed = MuteWordSchema.safeParse(text);
  if (!typed.success) throw invalid(typed.error.issues[0]?.message ?? MUTE_EMPTY, "value");
  const key = foldText(typed.data);
  if (!key) throw invalid(MUTE_EMPTY, "value");
  if (key.split(" ").length > MAX_MUTE_WORDS) throw invalid(MUTE_TOO_LONG, "value");
  return key;
}

/** The key of a muted word, or null where mutedWordKey refuses it. */
function mutedWordKeyOrNull(text: string): string | null {
  try {
    return mutedWordKey(text);
  } catch (error) {
    if (isProblem(error)) return null;
    throw error;
  }
}

const memberByName = prepared((db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${sql.placeholder("name")})`)
    .prepare(),
);
const memberById = prepared((db) => db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, sql.placeholder("id"))).prepare());

/** The member a value names: an id (a number, or digits no username has) or a username, any case. */
function memberNamed(value: string | number): { id: number; username: string } | null {
  if (typeof value === "number") return memberById().get({ id: value }) ?? null;
  const name = value.trim().replace(/^@/, "");
  return memberByName().get({ name }) ?? (/^\d{1,15}$/.test(name) ? (memberById().get({ id: Number(name) }) ?? null) : null);
}

/** What a mute of `kind` keeps for `value`: its key, the member's id, and how it is shown. */
function resolve(userId: number, kind: MuteKind, value: string | number): { value: string; memberId: number | null; label: string } {
  if (kind === "member") {
    const member = memberNamed(value);
    if (!member) throw invalid(MUTE_UNKNOWN_MEMBER, "value");
    if (member.id === userId) throw invalid(MUTE_SELF, "value");
    return { value: String(member.id), memberId: member.id, label: member.username };
  }
  if (typeof value === "number") throw invalid(kind === "category" ? MUTE_UNKNOWN_CATEGORY : MUTE_EMPTY, "value");
  if (kind === "category") {
    const category = categoryNamed(value);
    if (!category) throw invalid(MUTE_UNKNOWN_CATEGORY, "value");
    return { value: category, memberId: null, label: category };
  }
  const key = mutedWordKey(value);
  return { value: key, memberId: null, label: key };
}

const listed = prepared((db) =>
  db
    .select({ id: mutes.id, kind: mutes.kind, value: mutes.value, username: users.username, createdAt: mutes.createdAt })
    .from(mutes)
    .leftJoin(users, eq(users.id, mutes.memberId))
    .where(eq(mutes.userId, sql.placeholder("userId")))
    .orderBy(desc(mutes.createdAt), desc(mutes.id))
    .prepare(),
);

/** The member's mutes, the newest first (the settings page, GET /api/me/mutes). */
export function listMutes({ userId }: { userId: number }): MuteView[] {
  return listed()
    .all({ userId })
    .map((r) => ({ id: r.id, kind: r.kind, value: r.value, label: r.kind === "member" ? (r.username ?? r.value) : r.value, createdAt: r.createdAt.toISOString() }));
}

/**
 * Mutes a word or phrase, a member or a category. Problems: invalid (nothing to mute, an unknown
 * member or category, yourself), conflict (already muted), invalid when MAX_MUTES are kept.
 */
export function addMute({ userId, kind, value }: { userId: number; kind: MuteKind; value: string | number }): MuteView {
  return writeTransaction((tx) => {
    const mute = resolve(userId, kind, value);
    const n = tx.select({ n: sql<number>`count(*)` }).from(mutes).where(eq(mutes.userId, userId)).get()?.n ?? 0;
    const row = tx.insert(mutes).values({ userId, kind, value: mute.value, memberId: mute.memberId }).onConflictDoNothing().returning().get();
    if (!row) throw conflict(MUTE_REPEAT, "value");
    if (n >= MAX_MUTES) throw invalid(MUTE_TOO_MANY, "value");
    return { id: row.id, kind, value: mute.value, label: mute.label, createdAt: row.createdAt.toISOString() };
  });
}

/** Unmutes one of the member's mutes by its id; Problem not_found when it is not theirs. */
export function removeMute({ userId, id }: { userId: number; id: number }): { id: number; label: string } {
  return writeTransaction((tx) => {
    const view = listed().all({ userId }).find((m) => m.id === id);
    if (!view) throw notFound(MUTE_NOT_FOUND);
    tx.delete(mutes).where(and(eq(mutes.id, id), eq(mutes.userId, userId))).run();
    return { id, label: view.kind === "member" ? (view.username ?? view.value) : view.value };
  });
}

/** Unmutes what a value names (the Unmute button beside a profile, a card's category); not_found when not muted. */
export function removeMuteOf({ userId, kind, value }: { userId: number; kind: MuteKind; value: string | number }): { id: number; label: string } {
  const key = resolve(userId, kind, value).value;
  const row = getDb().select({ id: mutes.id }).from(mutes).where(and(eq(mutes.userId, userId), eq(mutes.kind, kind), eq(mutes.value, key))).get();
  if (!row) throw notFound(MUTE_NOT_FOUND);
  return removeMute({ userId, id: row.id });
}

/**
 * A visitor's mutes with one more (words and categories only: a member is muted once signed in).
 * Problems as addMute's; `VISITOR_MUTES_ONLY` for a member.
 */
export function addVisitorMute(current: VisitorMutes, kind: MuteKind, value: string | number): { mutes: VisitorMutes; label: string } {
  if (kind === "member") throw invalid(VISITOR_MUTES_ONLY, "value");
  const { value: key, label } = resolve(0, kind, value);
  const list = kind === "word" ? current.words : current.categories;
  if (list.includes(key)) throw conflict(MUTE_REPEAT, "value");
  if (current.words.length + current.categories.length >= MAX_MUTES) throw invalid(MUTE_TOO_MANY, "value");
  return { mutes: kind === "word" ? { ...current, words: [...current.words, key] } : { ...current, categories: [...current.categories, key] }, label };
}

/** A visitor's mutes without one; not_found when it is not there. */
export function removeVisitorMute(current: VisitorMutes, kind: MuteKind, value: string): { mutes: VisitorMutes; label: string } {
  const key = (kind === "word" ? mutedWordKeyOrNull(value) : categoryNamed(value)) ?? "";
  const list = kind === "word" ? current.words : kind === "category" ? current.categories : [];
  if (!key || !list.includes(key)) throw notFound(MUTE_NOT_FOUND);
  const rest = list.filter((v) => v !== key);
  return { mutes: kind === "word" ? { ...current, words: rest } : { ...current, categories: rest }, label: key };
}

/**
 * A visitor's mutes as read back from their cookie, by the rules a form applies to each (mutedWordKey,
 * categoryNamed): only valid words and categories, each once, at most MAX_MUTES together. A hand-made
 * cookie mutes no more than the forms could have made it.
 */
export function cleanVisitorMutes(raw: { words: unknown[]; categories: unknown[] }): VisitorMutes {
  const valid = <T>(values: unknown[], rule: (value: string) => T | null) =>
    [...new Set(values.slice(0, MAX_MUTES).flatMap((v) => (typeof v === "string" ? [rule(v)] : [])).filter((v): v is T & string => v !== null))];
  const words = valid(raw.words, mutedWordKeyOrNull).slice(0, MAX_MUTES);
  const categories = valid(raw.categories, categoryNamed);
  return { words, categories: categories.slice(0, Math.max(0, MAX_MUTES - words.length)) };
}

/** What a mute of `kind` would name, to confirm it before muting (null when it names nothing). */
export function previewMute({ userId, kind, value }: { userId: number | null; kind: MuteKind; value: string | number }): { kind: MuteKind; value: string; label: string } | null {
  if (!userId && kind === "member") return null;
  try {
    const mute = resolve(userId ?? 0, kind, value);
    return { kind, value: kind === "member" ? mute.value : mute.label, label: mute.label };
  } catch (error) {
    if (isProblem(error)) return null;
    throw error;
  }
}

/** A visitor's mutes as the settings page lists them (no ids: they are found by kind and value). */
export function visitorMuteViews(m: VisitorMutes): MuteView[] {
  const view = (kind: MuteKind) => (value: string) => ({ id: 0, kind, value, label: value, createdAt: "" });
  return [...m.words.map(view("word")), ...m.categories.map(view("category"))];
}
