// The posts per category are counters (category_counts, kept by triggers on posts): after every way a
// post is made, moved to another category or removed, each counter equals COUNT(*) of its posts, at
// once (no lag: the counter changed in the write's own transaction).
import { getDb } from "#db/client.server.ts";
import { counterMismatches } from "#db/integrity.ts";
import { describe, expect, it } from "vitest";
import { deleteUserAsAdmin } from "~/models/admin/user-delete.server.ts";
import { editPost } from "~/models/edit.server.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { deletePost } from "./delete.server.ts";
import { categoryCounts } from "./week-sidebar.server.ts";
import { removeAsModerator } from "../moderation/moderator-removal.server.ts";

const countOf = (name: string) => categoryCounts().find((c) => c.name === name)!.postsCount;
const rows = (name: string) => getDb().$client.prepare("SELECT count(*) FROM posts WHERE category = ?").pluck().get(name) as number;

describe("category counts", () => {
  it("follow every post made, moved, deleted by its author or an admin, or removed with its account", () => {
    const before = { DIY: countOf("DIY"), Music: countOf("Music"), Kids: countOf("Kids") };
    const author = makeUser();
    const admin = makeUser({ isAdmin: true });
    const gone = makeUser();
    const a = makePost({ userId: author.id, category: "DIY" });
    const b = makePost({ userId: author.id, category: "DIY" });
    makePost({ userId: gone.id, category: "Kids" });
    makePost({ userId: gone.id, category: "Music" });
    expect([countOf("DIY"), countOf("Kids"), countOf("Music")]).toEqual([before.DIY + 2, before.Kids + 1, before.Music + 1]);

    editPost({ id: a.id, actorId: author.id, asAdmin: false, changes: { category: "Music" } });
    expect([countOf("DIY"), countOf("Music")]).toEqual([before.DIY + 1, before.Music + 2]);
    editPost({ id: a.id, actorId: author.id, asAdmin: false, changes: { title: "Only the title changes" } });
    expect([countOf("DIY"), countOf("Music")]).toEqual([before.DIY + 1, before.Music + 2]);

    deletePost({ id: b.id, actorId: author.id });
    removeAsModerator({ actorId: admin.id, target: { kind: "post", id: a.id }, reason: "spam" });
    expect([countOf("DIY"), countOf("Music")]).toEqual([before.DIY, before.Music + 1]);

    deleteUserAsAdmin({ actorId: admin.id, userId: gone.id });
    expect([countOf("DIY"), countOf("Kids"), countOf("Music")]).toEqual([before.DIY, before.Kids, before.Music]);
    for (const name of ["DIY", "Kids", "Music"]) expect(countOf(name)).toBe(rows(name));
    expect(counterMismatches(getDb().$client)).toEqual([]);
  });

  it("a write that rolls back leaves them as they were", () => {
    const author = makeUser();
    const before = countOf("Gaming");
    expect(() =>
      getDb().transaction((tx) => {
        makePost({ userId: author.id, category: "Gaming" });
        expect(countOf("Gaming")).toBe(before + 1); // inside the write: already counted
        tx.rollback();
      }),
    ).toThrow();
    expect(countOf("Gaming")).toBe(before);
    expect(counterMismatches(getDb().$client)).toEqual([]);
  });
});
