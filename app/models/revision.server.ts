import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { comments, posts, revisions, type RevisionRow } from "#db/schema.ts";
import { HISTORY_PAGE_SIZE, REDACT_REASON_MAX, REDACT_REASON_REQUIRED, REDACTED_TEXT, type DiffPart } from "~/rules/edit-rules.ts";
import { invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import type { Db } from "#db/client.server.ts";
import { prepared, writeTransaction } from "./db.server.ts";
import { appendModerationLog } from "./moderation-log.server.ts";
import { requireAdmin } from "./moderation/roles.server.ts";
import { NOTHING_TO_SHOW, partsOf, storedChange, type FieldName, type Texts } from "./revision-diff.server.ts";

// The history of a post or a comment (docs/product.md §5): its current version and every one an edit
// replaced, newest first, HISTORY_PAGE_SIZE versions a page, each with what changed from the version
// before it. Public, like the item itself.
//
// What changed is worked out once, when the edit is written (revision-diff.server.ts, with jsdiff), and kept on the
// revision the edit replaced (revisions.diff, decision 0068): a page reads its rows and cuts the texts
// it already has by the stored lengths, so it costs the same whatever the number of versions.


type VersionField = { name: FieldName; label: string; text: string; diff: DiffPart[] | null };

type VersionView = {
  /** The revision's id; null for the current version (it is the post or comment itself). */
  revisionId: number | null;
  /** Its place counted from the original (1) to the current version (the history's `total`). */
  number: number;
  /** When this version was written. */
  writtenAt: string;
  /** When an edit replaced it; null for the current version. */
  replacedAt: string | null;
  redacted: boolean;
  fields: VersionField[];
};

export type History = {
  kind: "post" | "comment";
  id: number;
  postId: number;
  title: string;
  /** This page's versions, newest first. */
  versions: VersionView[];
  /** 1-based; a page after the last has no versions. */
  page: number;
  totalPages: number;
  /** Every version, the current one included. */
  total: number;
};

const LABELS: Record<FieldName, string> = { title: "Title", category: "Category", commentAuthor: "Comment author", content: "Text" };
const POST_FIELDS: FieldName[] = ["title", "category", "commentAuthor"];
const COMMENT_FIELDS: FieldName[] = ["content"];

type Snapshot = { revisionId: number | null; writtenAt: Date; replacedAt: Date | null; redacted: boolean; values: Texts; diff: string | null };

const fromRow = (r: RevisionRow, names: FieldName[]): Snapshot => ({
  revisionId: r.id,
  writtenAt: r.writtenAt,
  replacedAt: r.createdAt,
  redacted: r.redactedAt !== null,
  values: Object.fromEntries(names.map((name) => [name, r[name] ?? ""])),
  diff: r.diff,
});

const target = (kind: History["kind"]) => (kind === "post" ? revisions.postId : revisions.commentId);
// Spelled out: Drizzle leaves a column unqualified in a select from one table, and inside the
// subquery "id" would be the revision's.
const revisionCount = (kind: History["kind"]) =>
  sql.raw(kind === "post" ? `(SELECT count(*) FROM revisions r WHERE r.post_id = "posts"."id")` : `(SELECT count(*) FROM revisions r WHERE r.comment_id = "comments"."id")`).mapWith(Number);
const pageOf = (kind: History["kind"], db: Db) =>
  db
    .select()
    .from(revisions)
    .where(eq(target(kind), sql.placeholder("id")))
    .orderBy(desc(revisions.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare();

// A page is two statements: the item with its number of revisions, and the page's revisions.
const statements = prepared((db) => ({
  post: db
    .select({ id: posts.id, title: posts.title, category: posts.category, commentAuthor: posts.commentAuthor, createdAt: posts.createdAt, editedAt: posts.editedAt, revisions: revisionCount("post") })
    .from(posts)
    .where(eq(posts.id, sql.placeholder("id")))
    .prepare(),
  comment: db
    .select({ postId: comments.postId, content: comments.content, createdAt: comments.createdAt, editedAt: comments.editedAt, title: posts.title, revisions: revisionCount("comment") })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, sql.placeholder("id")), isNull(comments.deletedAt)))
    .prepare(),
  postPage: pageOf("post", db),
  commentPage: pageOf("comment", db),
}));

/**
 * Page `page` of an item's versions: index 0 is the current version, index v ≥ 1 the revision
 * rows[v - 1] (newest first). Version v's difference is the one kept on the version before it,
 * rows[v], so a page reads its versions' rows plus one before them (and the one after, whose text
 * is its first version's).
 */
function historyPage(kind: History["kind"], id: number, current: Snapshot, revisionTotal: number, page: number) {
  const names = kind === "post" ? POST_FIELDS : COMMENT_FIELDS;
  const total = revisionTotal + 1;
  const first = (page - 1) * HISTORY_PAGE_SIZE;
  const end = Math.min(first + HISTORY_PAGE_SIZE, total);
  const offset = Math.max(0, first - 1);
  const rows = first < total ? (kind === "post" ? statements().postPage : statements().commentPage).all({ id, limit: end - offset, offset }) : [];
  const snapshot = (v: number): Snapshot | undefined => (v === 0 ? current : rows[v - 1 - offset] && fromRow(rows[v - 1 - offset], names));
  const shown: [Snapshot, Snapshot | undefined][] = [];
  for (let v = first; v < end; v++) shown.push([snapshot(v)!, snapshot(v + 1)]);
  fillMissingChanges(shown);
  const versions = shown.map(([s, older], i): VersionView => {
    const change = older && !s.redacted && !older.redacted && older.diff ? (JSON.parse(older.diff) as Record<string, string>) : {};
    return {
      revisionId: s.revisionId,
      number: total - first - i,
      writtenAt: s.writtenAt.toISOString(),
      replacedAt: s.replacedAt?.toISOString() ?? null,
      redacted: s.redacted,
      fields: names.map((name) => {
        const text = s.redacted ? REDACTED_TEXT : (s.values[name] ?? "");
        // A redacted side has no words to compare; the original version has nothing before it.
        return { name, label: LABELS[name], text, diff: partsOf(change[name], older?.values[name] ?? "", text) };
      }),
    };
  });
  return { versions, page, totalPages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)), total };
}

/**
 * Revisions written before migration 0018 have no stored difference: the first page that shows one
 * works it out and keeps it (at most a page's worth, once each; decision 0068). A redaction since
 * then has stored NOTHING_TO_SHOW, which this never overwrites.
 */
function fillMissingChanges(shown: [Snapshot, Snapshot | undefined][]) {
  const missing = shown.filter((pair): pair is [Snapshot, Snapshot] => pair[1] !== undefined && pair[1].diff === null);
  if (missing.length === 0) return;
  for (const [newer, older] of missing) older.diff = newer.redacted || older.redacted ? NOTHING_TO_SHOW : storedChange(older.values, newer.values);
  writeTransaction((tx) => {
    for (const [, older] of missing) {
      tx.update(revisions).set({ diff: older.diff }).where(and(eq(revisions.id, older.revisionId!), sql`${revisions.diff} IS NULL`)).run();
    }
  });
}

export function getPostHistory(postId: number, page = 1): History | null {
  const post = statements().post.get({ id: postId });
  if (!post) return null;
  const current: Snapshot = { revisionId: null, writtenAt: post.editedAt ?? post.createdAt, replacedAt: null, redacted: false, values: post, diff: null };
  return { kind: "post", id: postId, postId, title: post.title, ...historyPage("post", postId, current, post.revisions, page) };
}

export function getCommentHistory(commentId: number, page = 1): History | null {
  const comment = statements().comment.get({ id: commentId });
  if (!comment) return null;
  const current: Snapshot = { revisionId: null, writtenAt: comment.editedAt ?? comment.createdAt, replacedAt: null, redacted: false, values: { content: comment.content }, diff: null };
  return { kind: "comment", id: commentId, postId: comment.postId, title: comment.title, ...historyPage("comment", commentId, current, comment.revisions, page) };
}

/**
 * The JSON of GET /api/{posts,comments}/:id/revisions?page=: a page of the versions, newest first
 * (the current one first on page 1), with the page, the number of pages and of versions.
 */
export function listRevisions(kind: "post" | "comment", id: number, page = 1) {
  const history = kind === "post" ? getPostHistory(id, page) : getCommentHistory(id, page);
  if (!history) throw notFound(NOT_FOUND[kind]);
  const revisions = history.versions.map((v) => ({
    id: v.revisionId,
    current: v.revisionId === null,
    writtenAt: v.writtenAt,
    replacedAt: v.replacedAt,
    redacted: v.redacted,
    ...Object.fromEntries(v.fields.map((f) => [f.name, f.text])),
  }));
  return { revisions, page: history.page, totalPages: history.totalPages, total: history.total };
}

export type RedactResult = { kind: "post" | "comment"; id: number; postId: number };

/**
 * An admin removes one earlier version's text (doxxing …): its fields are emptied and read 'Removed
 * by a moderator'; the redaction is logged with its reason. The current version is not a revision:
 * an admin edits or deletes it instead.
 */
export function redactRevision({ revisionId, actorId, reason }: { revisionId: number; actorId: number; reason: string }): RedactResult {
  const why = reason.trim();
  if (!why) throw invalid(REDACT_REASON_REQUIRED, "reason");
  if (why.length > REDACT_REASON_MAX) throw invalid(`Reason must be at most ${REDACT_REASON_MAX} characters.`, "reason");
  return writeTransaction((tx): RedactResult => {
    const admin = requireAdmin(tx, actorId);
    const row = tx.select().from(revisions).where(eq(revisions.id, revisionId)).get();
    if (!row) throw notFound(NOT_FOUND.version);
    let result: RedactResult;
    if (row.postId !== null) {
      result = { kind: "post", id: row.postId, postId: row.postId };
    } else {
      const comment = tx.select({ postId: comments.postId }).from(comments).where(eq(comments.id, row.commentId!)).get();
      if (!comment) throw notFound(NOT_FOUND.version);
      result = { kind: "comment", id: row.commentId!, postId: comment.postId };
    }
    if (row.redactedAt === null) {
      tx.update(revisions)
        .set({ redactedAt: new Date(), title: null, category: null, commentAuthor: null, content: null, diff: NOTHING_TO_SHOW })
        .where(eq(revisions.id, revisionId))
        .run();
      // The version before it kept what the edit to this one changed: nothing of it is shown again.
      const older = tx
        .select({ id: revisions.id })
        .from(revisions)
        .where(and(eq(target(result.kind), result.id), lt(revisions.id, revisionId)))
        .orderBy(desc(revisions.id))
        .limit(1)
        .get();
      if (older) tx.update(revisions).set({ diff: NOTHING_TO_SHOW }).where(eq(revisions.id, older.id)).run();
      appendModerationLog(tx, {
        admin,
        action: "redact_revision",
        target: { kind: result.kind, id: result.id, label: `version ${revisionId} of ${result.kind} ${result.id}` },
        reason: why,
      });
    }
    return result;
  });
}
