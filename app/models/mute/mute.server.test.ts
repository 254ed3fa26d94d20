// Mutes and hiding, on a real database: what a member or a visitor muted or hid leaves every list of
// posts, comments and notices, in the lists' own SQL (the page still fills up), in a fixed number of
// statements.
import { beforeEach, describe, expect, it } from "vitest";
import { memoEnabled } from "~/integrations/env.server.ts";
import { isProblem } from "~/lib/problem.ts";
import { clearPostsAndUsers, NOW, post, titles, user } from "../../../tests/support/post-rows.ts";
import { recordStatements } from "../../../tests/support/statements.ts";
import { createComment } from "../comment.server.ts";
import { followUser } from "../follow.server.ts";
import { listNotifications, countUnread, notify } from "../notification.server.ts";
import { listPostComments } from "../comment-thread.server.ts";
import { listFeedPosts, listPostsByIds, searchPosts, searchUsers } from "../post/index.server.ts";
import { listFollowingPosts } from "../follow.server.ts";
import { listSavedPosts, listUpvotedPosts, listUserComments, listUserPosts } from "../profile-lists.server.ts";
import { savePost } from "../save.server.ts";
import { castVote } from "../vote.server.ts";
import { listFeedEntries } from "../syndication.server.ts";
import { topPostsThisWeek, categoryCounts } from "../post/week-sidebar.server.ts";
import { addMute, addVisitorMute, listMutes, removeMute } from "./mute.server.ts";
import { hidePost, listHiddenPosts, recordPostRead, setHideRead, unhidePost } from "./hide.server.ts";
import { listPostsVisibleTo } from "./visible.server.ts";

beforeEach(clearPostsAndUsers);

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (isProblem(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("no problem");
};

describe("addMute", () => {
  it("keeps a word folded, a member by id or name, a category by any case; refuses repeats, unknowns and yourself", () => {
    const me = user();
    const bob = user("Bob");
    expect(addMute({ userId: me.id, kind: "word", value: "  Café  Crème! " })).toMatchObject({ kind: "word", value: "cafe creme" });
    expect(addMute({ userId: me.id, kind: "member", value: "bob" })).toMatchObject({ value: String(bob.id), label: "Bob" });
    expect(addMute({ userId: me.id, kind: "category", value: "music" })).toMatchObject({ value: "Music" });
    expect(problem(() => addMute({ userId: me.id, kind: "word", value: "CAFE crème" }))).toMatchObject({ kind: "conflict" });
    expect(problem(() => addMute({ userId: me.id, kind: "member", value: bob.id }))).toMatchObject({ kind: "conflict" });
    expect(problem(() => addMute({ userId: me.id, kind: "member", value: "nobody-here" }))).toMatchObject({ kind: "invalid" });
    expect(problem(() => addMute({ userId: me.id, kind: "member", value: me.id }))).toMatchObject({ kind: "invalid" });
    expect(problem(() => addMute({ userId: me.id, kind: "category", value: "Knitting" }))).toMatchObject({ kind: "invalid" });
    expect(problem(() => addMute({ userId: me.id, kind: "word", value: "!!!" }))).toMatchObject({ kind: "invalid" });
    const listed = listMutes({ userId: me.id });
    expect(listed.map((m) => m.label)).toEqual(["Music", "Bob", "cafe creme"]);
    removeMute({ userId: me.id, id: listed[0].id });
    expect(problem(() => removeMute({ userId: bob.id, id: listed[1].id }))).toMatchObject({ kind: "not_found" });
    expect(listMutes({ userId: me.id })).toHaveLength(2);
  });
});

describe("a muting viewer's lists", () => {
  function site() {
    const me = user();
    const bob = user("bob");
    const ann = user("ann");
    const at = (i: number) => ({ ageMs: (i + 1) * 60_000 });
    const posts = {
      word: post({ userId: ann.id, title: "A CAT, on a piano", ...at(0) }),
      accent: post({ userId: ann.id, title: "x", comment: "Best café ever", ...at(1) }),
      notWord: post({ userId: ann.id, title: "category theory for cats", ...at(2) }),
      member: post({ userId: bob.id, title: "by bob", ...at(3) }),
      category: post({ userId: ann.id, title: "a tune", category: "Music", ...at(4) }),
      hidden: post({ userId: ann.id, title: "hidden one", ...at(5) }),
      read: post({ userId: ann.id, title: "read one", ...at(6) }),
      kept: post({ userId: ann.id, title: "kept", ...at(7) }),
      kept2: post({ userId: ann.id, title: "kept too", ...at(8) }),
    };
    return { me, bob, ann, posts };
  }
  function muteAll(me: { id: number }, bob: { id: number }, p: ReturnType<typeof site>["posts"]) {
    addMute({ userId: me.id, kind: "word", value: "cat" });
    addMute({ userId: me.id, kind: "word", value: "cafe" });
    addMute({ userId: me.id, kind: "member", value: bob.id });
    addMute({ userId: me.id, kind: "category", value: "Music" });
    hidePost({ userId: me.id, postId: p.hidden.id });
    recordPostRead({ userId: me.id, postId: p.read.id });
    setHideRead({ userId: me.id, on: true });
  }

  it("leave out muted words (whole words, any case or accent), members, categories, hidden and read posts, and still fill the page", () => {
    const { me, bob, posts: p } = site();
    muteAll(me, bob, p);
    expect(titles(listFeedPosts({ sort: "new", limit: 3, viewerId: me.id, now: NOW }))).toEqual(["category theory for cats", "kept", "kept too"]);
    // Everyone else sees everything.
    expect(listFeedPosts({ sort: "new", limit: 20, viewerId: bob.id, now: NOW })).toHaveLength(9);
    // The Hidden tab shows what was hidden, and unhiding brings it back.
    expect(titles(listHiddenPosts({ userId: me.id, limit: 10 }))).toEqual(["hidden one"]);
    unhidePost({ userId: me.id, postId: p.hidden.id });
    expect(titles(listFeedPosts({ sort: "new", limit: 10, viewerId: me.id, now: NOW }))).toContain("hidden one");
    // 'Hide what I've read' off: the read post is back.
    setHideRead({ userId: me.id, on: false });
    expect(titles(listFeedPosts({ sort: "new", limit: 10, viewerId: me.id, now: NOW }))).toContain("read one");
  });

  it("apply to search, profiles, Following, the sidebar, the private feed and posts by id", () => {
    const { me, bob, ann, posts: p } = site();
    muteAll(me, bob, p);
    followUser({ followerId: me.id, followingId: bob.id });
    followUser({ followerId: me.id, followingId: ann.id });
    const shown = ["category theory for cats", "kept", "kept too"];
    expect(titles(searchPosts({ q: "a", limit: 20, viewerId: me.id }).posts)).toEqual(expect.not.arrayContaining(["A CAT, on a piano"]));
    expect(titles(listUserPosts({ userId: bob.id, limit: 10, viewerId: me.id }))).toEqual([]);
    expect(titles(listUserPosts({ userId: ann.id, limit: 10, viewerId: me.id }))).toEqual(shown);
    // Each profile tab leaves them out in its own statement too: a page of three is full.
    expect(titles(listUserPosts({ userId: ann.id, limit: 3, viewerId: me.id }))).toEqual(shown);
    for (const x of Object.values(p)) {
      castVote({ userId: ann.id, postId: x.id, isUpvote: true });
      savePost({ userId: me.id, postId: x.id });
    }
    expect(titles(listUpvotedPosts({ userId: ann.id, limit: 3, viewerId: me.id })).sort()).toEqual([...shown].sort());
    expect(titles(listSavedPosts({ userId: me.id, limit: 3, viewerId: me.id })).sort()).toEqual([...shown].sort());
    expect(listUpvotedPosts({ userId: ann.id, limit: 20, viewerId: bob.id })).toHaveLength(9);
    expect(titles(listFollowingPosts({ followerId: me.id, limit: 20 }))).toEqual(shown);
    // In the page's own statement: a page of three is full.
    expect(titles(listFollowingPosts({ followerId: me.id, limit: 3 }))).toEqual(shown);
    expect(titles(listFeedEntries({ source: { kind: "following", userId: me.id } }))).toEqual(shown);
    expect(titles(listPostsByIds({ ids: Object.values(p).map((x) => x.id), viewerId: me.id }))).toEqual(shown);
    const week = topPostsThisWeek({ viewerId: me.id }).map((x) => x.title);
    expect(week.every((t) => shown.includes(t))).toBe(true);
    expect(categoryCounts({ viewerId: me.id }).map((c) => c.name)).not.toContain("Music");
    // The users of /search: not the muted member, whose name everyone else finds.
    expect(searchUsers({ q: "bo", limit: 5, viewerId: me.id }).users).toEqual([]);
    expect(searchUsers({ q: "bo", limit: 5, viewerId: ann.id }).users.map((u) => u.username)).toEqual(["bob"]);
    expect(searchUsers({ q: "", limit: 50, viewerId: me.id }).users.map((u) => u.username)).not.toContain("bob");
  });

  it("search leaves them out in its own statement: the page fills up and the count is the viewer's", () => {
    const { me, bob, ann } = site();
    const at = (i: number) => ({ ageMs: (i + 1) * 1_000 });
    post({ userId: ann.id, title: "llama one", ...at(0) });
    post({ userId: ann.id, title: "llama song", category: "Music", ...at(1) });
    post({ userId: bob.id, title: "llama by bob", ...at(2) });
    post({ userId: ann.id, title: "llama two", ...at(3) });
    post({ userId: ann.id, title: "llama three", ...at(4) });
    addMute({ userId: me.id, kind: "category", value: "Music" });
    addMute({ userId: me.id, kind: "member", value: bob.id });
    expect(searchPosts({ q: "llama", limit: 3, viewerId: me.id })).toMatchObject({ total: 3, capped: false });
    expect(titles(searchPosts({ q: "llama", limit: 3, viewerId: me.id }).posts)).toEqual(["llama one", "llama two", "llama three"]);
    addMute({ userId: me.id, kind: "word", value: "two" });
    expect(titles(searchPosts({ q: "llama", limit: 3, viewerId: me.id }).posts)).toEqual(["llama one", "llama three"]);
    expect(searchPosts({ q: "llama", limit: 3, viewerId: ann.id }).total).toBe(5);
    expect(titles(searchPosts({ q: "llama", limit: 3, viewerId: ann.id }).posts)).toEqual(["llama one", "llama song", "llama by bob"]);
  });

  it("collapse muted comments in place, leave them off profiles, and drop muted members' and posts' notices", () => {
    const { me, bob, ann, posts: p } = site();
    const mine = post({ userId: me.id, title: "mine" });
    const top = createComment({ userId: bob.id, postId: mine.id, content: "bob says hello" });
    createComment({ userId: ann.id, postId: mine.id, content: "a reply to bob", parentId: top.id });
    createComment({ userId: ann.id, postId: mine.id, content: "I love my Cat" });
    notify({ userId: me.id, actorId: ann.id, type: "comment_on_post", params: { actor: "ann on", title: "a muted post" }, postId: p.word.id });
    notify({ userId: me.id, actorId: ann.id, type: "comment_on_post", params: { actor: "ann on", title: "mine" }, postId: mine.id });
    const before = countUnread({ userId: me.id });
    addMute({ userId: me.id, kind: "member", value: bob.id });
    addMute({ userId: me.id, kind: "word", value: "cat" });
    const thread = listPostComments({ postId: mine.id, viewerId: me.id });
    expect(thread.map((c) => c.content)).toEqual(["[muted comment]", "a reply to bob", "[muted comment]"]);
    expect(thread[1].parentId).toBe(thread[0].id);
    expect(listPostComments({ postId: mine.id, viewerId: ann.id }).map((c) => c.content)).toContain("I love my Cat");
    expect(listUserComments({ userId: bob.id, limit: 10, viewerId: me.id })).toEqual([]);
    expect(listUserComments({ userId: ann.id, limit: 10, viewerId: me.id }).map((c) => c.content)).toEqual(["a reply to bob"]);
    expect(listNotifications({ userId: me.id }).map((n) => n.message).filter((m) => m.startsWith("ann on "))).toEqual(['ann on commented on your post "mine"']);
    expect(countUnread({ userId: me.id })).toBeLessThan(before);
  });

  it("for a visitor: the words and categories of their cookie, never a member", () => {
    const { bob, posts: p } = site();
    let mutes = addVisitorMute({ words: [], categories: [] }, "word", "CAT").mutes;
    mutes = addVisitorMute(mutes, "category", "music").mutes;
    expect(() => addVisitorMute(mutes, "member", String(bob.id))).toThrow();
    const shown = titles(listFeedPosts({ sort: "new", limit: 20, visitorMutes: mutes, now: NOW }));
    expect(shown).not.toContain(p.word.title);
    expect(shown).not.toContain(p.category.title);
    expect(shown).toContain("by bob");
    expect(titles(listFeedPosts({ sort: "new", limit: 20, now: NOW }))).toHaveLength(9);
  });

  it("read a fixed number of statements with mutes set, never one per card", async () => {
    const { me, bob, posts: p } = site();
    muteAll(me, bob, p);
    const rowReads = async (fn: () => unknown) =>
      (await recordStatements(fn)).statements.filter((source) => source !== "PRAGMA data_version").length;
    // The viewer's mutes and settings (one statement), the page (muted in its SQL), the blocks, votes, saves.
    expect(await rowReads(() => listFeedPosts({ sort: "hot", limit: 10, viewerId: me.id, now: NOW }))).toBe(5);
    // Again: the mutes and blocks are kept per viewer; the page is read again for a muting viewer.
    expect(await rowReads(() => listFeedPosts({ sort: "hot", limit: 10, viewerId: me.id, now: NOW }))).toBe(memoEnabled() ? 3 : 5);
    // A thread: the comments (shared), the muted ones (one statement), the viewer's votes.
    const thread = await recordStatements(() => listPostComments({ postId: p.kept.id, viewerId: me.id }));
    expect(thread.statements.filter((s) => s !== "PRAGMA data_version").length).toBeLessThanOrEqual(memoEnabled() ? 3 : 5);
  });
});

describe("listPostsVisibleTo (a digest's question)", () => {
  it("is the member's feed without what they muted or hid, and with unreadOnly without what they opened", () => {
    const me = user();
    const ann = user("ann2");
    const seen = post({ userId: ann.id, title: "seen", ageMs: 60_000 });
    post({ userId: ann.id, title: "about cats", ageMs: 120_000 });
    post({ userId: ann.id, title: "fresh", ageMs: 180_000 });
    addMute({ userId: me.id, kind: "word", value: "cats" });
    recordPostRead({ userId: me.id, postId: seen.id });
    expect(titles(listPostsVisibleTo({ userId: me.id, sort: "new", timeframe: "all", limit: 10, now: NOW }))).toEqual(["seen", "fresh"]);
    expect(titles(listPostsVisibleTo({ userId: me.id, sort: "new", timeframe: "all", limit: 10, unreadOnly: true, now: NOW }))).toEqual(["fresh"]);
  });
});
