import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { revisions } from "#db/schema.ts";
import { HISTORY_PAGE_SIZE, REDACTED_TEXT, type DiffPart } from "~/rules/edit-rules.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { recordStatements } from "../../tests/support/statements.ts";
import { createComment } from "./comment.server.ts";
import { editComment, editPost } from "./edit.server.ts";
import { getCommentHistory, getPostHistory, listRevisions, redactRevision, type History } from "./revision.server.ts";

// The history reads a page of versions and the differences kept when each edit was written
// (decision 0068): its cost does not grow with the number of versions.

const WORDS = ["giggle", "snort", "chortle", "guffaw", "titter", "cackle", "hoot", "chuckle", "smirk", "howl", "roar", "beam"];

/** About 1,000 characters of words, a different text for each `seed` (the worst case of a diff). */
function longText(seed: number, length = 990): string {
  let text = `Take ${seed}:`;
  for (let i = 0; text.length < length - 10; i++) text += ` ${WORDS[(seed * 7 + i * (seed % 5 + 1)) % WORDS.length]}`;
  return text;
}

/** A comment edited `edits` times, each time to a different text of about 1,000 characters. */
function commentWithEdits(edits: number) {
  const author = makeUser();
  const c = createComment({ userId: author.id, postId: makePost({ userId: author.id }).id, content: longText(0) });
  for (let i = 1; i <= edits; i++) editComment({ id: c.id, actorId: author.id, content: longText(i) });
  return { ...c, author };
}

/** What a difference says the two sides were. */
const sides = (parts: DiffPart[]) => ({
  before: parts.filter((p) => p.kind !== "added").map((p) => p.text).join(""),
  after: parts.filter((p) => p.kind !== "removed").map((p) => p.text).join(""),
});

const texts = (history: History) => history.versions.map((v) => v.fields[0].text);

describe("history cost", () => {
  it("page 1 of 500 revisions runs the statements of 5 and about the bytes of a full page", async () => {
    const few = commentWithEdits(5);
    const many = commentWithEdits(500);
    const small = await recordStatements(() => getCommentHistory(few.id));
    const large = await recordStatements(() => getCommentHistory(many.id));
    // The comment with its number of revisions, and the page's revisions: never one per version.
    expect(small.statements).toHaveLength(2);
    expect(large.statements).toHaveLength(2);
    expect(small.result!.versions).toHaveLength(6);
    expect(large.result!.versions).toHaveLength(HISTORY_PAGE_SIZE);
    // A version costs the same bytes whichever history it is in (its text and its difference; the
    // original, which has no difference, left out).
    const perVersion = (r: typeof small) => {
      const changed = r.result!.versions.filter((v) => v.fields[0].diff);
      return JSON.stringify(changed).length / changed.length;
    };
    expect(perVersion(large) / perVersion(small)).toBeGreaterThan(0.9);
    expect(perVersion(large) / perVersion(small)).toBeLessThan(1.1);
    expect(JSON.stringify(large.result).length).toBeLessThan(HISTORY_PAGE_SIZE * 4_000);
    // The API's read is the same two statements.
    const api = await recordStatements(() => listRevisions("comment", many.id, 1));
    expect(api.statements).toHaveLength(2);
    expect(api.result).toMatchObject({ page: 1, totalPages: Math.ceil(501 / HISTORY_PAGE_SIZE), total: 501 });
    expect(api.result.revisions).toHaveLength(HISTORY_PAGE_SIZE);
  }, 60_000);

  it("keeps each difference small: two different texts of 1,000 characters", () => {
    const c = commentWithEdits(3);
    for (const row of getDb().select().from(revisions).where(eq(revisions.commentId, c.id)).all()) {
      expect(row.diff!.length).toBeLessThan(800);
    }
  });
});

describe("history pages", () => {
  it("pages newest first, each version with its number and the difference from the one before", () => {
    const c = commentWithEdits(2 * HISTORY_PAGE_SIZE + 4); // 45 versions: 20, 20, 5
    const pages = [1, 2, 3].map((page) => getCommentHistory(c.id, page)!);
    expect(pages.map((p) => p.versions.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => [p.page, p.totalPages, p.total])).toEqual([
      [1, 3, 45],
      [2, 3, 45],
      [3, 3, 45],
    ]);
    const all = pages.flatMap((p) => p.versions);
    expect(all.map((v) => v.number)).toEqual(Array.from({ length: 45 }, (_, i) => 45 - i));
    expect(all.map((v) => v.fields[0].text)).toEqual(Array.from({ length: 45 }, (_, i) => longText(44 - i)));
    expect(all[0].revisionId).toBeNull();
    // Every version but the original shows its change from the one before, across page ends too.
    all.forEach((v, i) => {
      if (i === all.length - 1) return expect(v.fields[0].diff).toBeNull();
      expect(sides(v.fields[0].diff!)).toEqual({ before: all[i + 1].fields[0].text, after: v.fields[0].text });
    });
    expect(getCommentHistory(c.id, 4)).toMatchObject({ versions: [], page: 4, totalPages: 3 });
  });

  it("a post's three fields each have their difference", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "A title about otters" });
    editPost({ id: post.id, actorId: author.id, asAdmin: false, changes: { title: "A title about sea otters" } });
    const [current, original] = getPostHistory(post.id)!.versions;
    expect(current.fields.find((f) => f.name === "title")?.diff).toEqual([
      { kind: "same", text: "A title about " },
      { kind: "added", text: "sea " },
      { kind: "same", text: "otters" },
    ]);
    expect(current.fields.find((f) => f.name === "category")?.diff).toEqual([{ kind: "same", text: post.category }]);
    expect(original.fields.every((f) => f.diff === null)).toBe(true);
  });
});

describe("redaction and the kept differences", () => {
  it("shows no difference on either side of a redacted version and keeps none of its words", () => {
    const c = commentWithEdits(3); // versions: 3 (current), 2, 1, 0 (original) → texts longText(3..0)
    const before = getCommentHistory(c.id)!;
    const redacted = before.versions[2]; // longText(1)
    const admin = makeUser({ isAdmin: true });
    redactRevision({ revisionId: redacted.revisionId!, actorId: admin.id, reason: "doxxing" });
    const after = getCommentHistory(c.id)!;
    expect(texts(after)).toEqual([longText(3), longText(2), REDACTED_TEXT, longText(0)]);
    expect(after.versions.map((v) => v.fields[0].diff === null)).toEqual([false, true, true, true]);
    // The redacted revision's own difference and the one before it (what the edit to it changed) are gone.
    const rows = getDb().select().from(revisions).where(eq(revisions.commentId, c.id)).orderBy(revisions.id).all();
    expect(rows.map((r) => r.diff === "{}")).toEqual([true, true, false]);
    expect(JSON.stringify(rows)).not.toContain("Take 1:");
  });

  it("a revision written before its difference was kept gets it on its first read, once", async () => {
    const c = commentWithEdits(2);
    getDb().update(revisions).set({ diff: null }).where(eq(revisions.commentId, c.id)).run();
    const first = await recordStatements(() => getCommentHistory(c.id)!);
    expect(sides(first.result.versions[0].fields[0].diff!)).toEqual({ before: longText(1), after: longText(2) });
    expect(sides(first.result.versions[1].fields[0].diff!)).toEqual({ before: longText(0), after: longText(1) });
    expect(getDb().select().from(revisions).where(eq(revisions.commentId, c.id)).all().every((r) => r.diff !== null)).toBe(true);
    const second = await recordStatements(() => getCommentHistory(c.id)!);
    expect(second.result).toEqual(first.result);
    expect(second.statements.length).toBeLessThan(first.statements.length);
  });
});
