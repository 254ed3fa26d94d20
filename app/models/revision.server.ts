import { and, desc, eq, isNull } from "drizzle-orm";
import { comments, posts, revisions } from "#db/schema.ts";
import { getDb } from "#db/client.server.ts";
import { REDACT_REASON_MAX, REDACT_REASON_REQUIRED, REDACTED_TEXT } from "~/lib/edit-rules.ts";
import { invalid, notFound } from "~/lib/problem.ts";
import { wordDiff, type DiffPart } from "~/lib/word-diff.ts";
import { writeTransaction } from "./db.server.ts";
import { appendModerationLog, requireModerator } from "./moderation-log.server.ts";

// The history of a post or a comment (docs/product.md §5): its current version and every one an edit
// replaced, newest first, each with what changed from the version before it (a word-level
// difference, computed here so the page renders it on the server). Public, like the item itself.

export type VersionField = { name: "title" | "category" | "commentAuthor" | "content"; label: string; text: string; diff: DiffPart[] | null };

export type VersionView = {
  /** The revision's id; null for the current version (it is the post or comment itself). */
  revisionId: number | null;
  /** When this version was written. */
  writtenAt: string;
  /** When an edit replaced it; null for the current version. */
  replacedAt: string | null;
  redacted: boolean;
  fields: VersionField[];
};

export type History = { kind: "post" | "comment"; id: number; postId: number; title: string; versions: VersionView[] };

type Snapshot = { revisionId: number | null; writtenAt: Date; replacedAt: Date | null; redacted: boolean; values: Partial<Record<VersionField["name"], string>> };

const LABELS: Record<VersionField["name"], string> = { title: "Title", category: "Category", commentAuthor: "Comment author", content: "Text" };

/** Newest first → each with its fields and their difference from the next older version. */
function toVersions(snapshots: Snapshot[], names: VersionField["name"][]): VersionView[] {
  return snapshots.map((s, i) => {
    const older = snapshots[i + 1];
    return {
      revisionId: s.revisionId,
      writtenAt: s.writtenAt.toISOString(),
      replacedAt: s.replacedAt?.toISOString() ?? null,
      redacted: s.redacted,
      fields: names.map((name) => {
        const text = s.redacted ? REDACTED_TEXT : (s.values[name] ?? "");
        // A redacted side has no words to compare; the original version has nothing before it.
        const diff = older && !s.redacted && !older.redacted ? wordDiff(older.values[name] ?? "", text) : null;
        return { name, label: LABELS[name], text, diff };
      }),
    };
  });
}

export function getPostHistory(postId: number): History | null {
  const db = getDb();
  const post = db.select().from(posts).where(eq(posts.id, postId)).get();
  if (!post) return null;
  const rows = db.select().from(revisions).where(eq(revisions.postId, postId)).orderBy(desc(revisions.id)).all();
  const snapshots: Snapshot[] = [
    { revisionId: null, writtenAt: post.editedAt ?? post.createdAt, replacedAt: null, redacted: false, values: post },
    ...rows.map((r) => ({
      revisionId: r.id,
      writtenAt: r.writtenAt,
      replacedAt: r.createdAt,
      redacted: r.redactedAt !== null,
      values: { title: r.title ?? "", category: r.category ?? "", commentAuthor: r.commentAuthor ?? "" },
    })),
  ];
  return { kind: "post", id: postId, postId, title: post.title, versions: toVersions(snapshots, ["title", "category", "commentAuthor"]) };
}

export function getCommentHistory(commentId: number): History | null {
  const db = getDb();
  const comment = db
    .select({ id: comments.id, postId: comments.postId, content: comments.content, createdAt: comments.createdAt, editedAt: comments.editedAt, title: posts.title })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
    .get();
  if (!comment) return null;
  const rows = db.select().from(revisions).where(eq(revisions.commentId, commentId)).orderBy(desc(revisions.id)).all();
  const snapshots: Snapshot[] = [
    { revisionId: null, writtenAt: comment.editedAt ?? comment.createdAt, replacedAt: null, redacted: false, values: { content: comment.content } },
    ...rows.map((r) => ({ revisionId: r.id, writtenAt: r.writtenAt, replacedAt: r.createdAt, redacted: r.redactedAt !== null, values: { content: r.content ?? "" } })),
  ];
  return { kind: "comment", id: commentId, postId: comment.postId, title: comment.title, versions: toVersions(snapshots, ["content"]) };
}

/** The JSON of GET /api/{posts,comments}/:id/revisions: the versions an edit replaced, newest first. */
export function listRevisions(kind: "post" | "comment", id: number) {
  const history = kind === "post" ? getPostHistory(id) : getCommentHistory(id);
  if (!history) throw notFound(kind === "post" ? "Post not found" : "Comment not found");
  return history.versions.map((v) => ({
    id: v.revisionId,
    current: v.revisionId === null,
    writtenAt: v.writtenAt,
    replacedAt: v.replacedAt,
    redacted: v.redacted,
    ...Object.fromEntries(v.fields.map((f) => [f.name, f.text])),
  }));
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
    const admin = requireModerator(tx, actorId);
    const row = tx.select().from(revisions).where(eq(revisions.id, revisionId)).get();
    if (!row) throw notFound("Version not found");
    let result: RedactResult;
    if (row.postId !== null) {
      result = { kind: "post", id: row.postId, postId: row.postId };
    } else {
      const comment = tx.select({ postId: comments.postId }).from(comments).where(eq(comments.id, row.commentId!)).get();
      if (!comment) throw notFound("Version not found");
      result = { kind: "comment", id: row.commentId!, postId: comment.postId };
    }
    if (row.redactedAt === null) {
      tx.update(revisions)
        .set({ redactedAt: new Date(), title: null, category: null, commentAuthor: null, content: null })
        .where(eq(revisions.id, revisionId))
        .run();
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
