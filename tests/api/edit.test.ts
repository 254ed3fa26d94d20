// HTTP contract of editing, its history and mentions (docs/product.md §5, §7), JSON and no-JS forms.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

let api: ApiClient;
let alice: ApiUser;
let bob: ApiUser;
let admin: ApiUser;

beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
  bob = await api.user();
  admin = await api.user({ isAdmin: true });
});
afterAll(() => api.stop());

const WINDOW_CLOSED = "The edit window for this post has closed.";

async function comment(user: ApiUser, postId: number, content: string, parentId?: number) {
  const res = await api.fetch("/api/comments", { method: "POST", user, json: { postId, content, parentId } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

describe("PATCH /api/comments/:id", () => {
  it("the author edits; the revisions list keeps the previous version", async () => {
    const post = api.post(alice.id);
    const c = await comment(alice, post.id, "First words here");
    const res = await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: { content: "Second words here" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: c.id, content: "Second words here", editedAt: expect.any(String) });
    const revisions = await (await api.fetch(`/api/comments/${c.id}/revisions`)).json();
    expect(revisions.revisions).toEqual([
      expect.objectContaining({ current: true, content: "Second words here" }),
      expect.objectContaining({ current: false, content: "First words here", redacted: false, replacedAt: expect.any(String) }),
    ]);
  });

  it("403 for anyone else, 400 as creating, 409 after the window, 401 for visitors", async () => {
    const post = api.post(alice.id);
    const c = await comment(alice, post.id, "Mine to change");
    const reply = await comment(alice, post.id, "A short reply", c.id);
    await expectError(await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", json: { content: "Visitor text" } }), 401);
    await expectError(await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: bob, json: { content: "Not my comment" } }), 403);
    await expectError(await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: { content: "abc" } }), 400, "Comment too short");
    await expectError(await api.fetch(`/api/comments/${reply.id}`, { method: "PATCH", user: alice, json: { content: "x".repeat(501) } }), 400, "Reply must be at most 500 characters");
    await expectError(await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: {} }), 400, "Comment cannot be empty");
    api.db.run(sql`UPDATE comments SET created_at = created_at - 25 * 3600000 WHERE id = ${c.id}`);
    await expectError(await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: { content: "Too late to change" } }), 409, WINDOW_CLOSED);
    await expectError(await api.fetch(`/api/comments/999999`, { method: "PATCH", user: alice, json: { content: "Nothing here" } }), 404);
    await expectError(await api.fetch(`/api/comments/999999/revisions`), 404, "Comment not found");
  });

  it("the revisions and the history page come a page of 20 versions at a time, ?page= from 1", async () => {
    const post = api.post(alice.id);
    const c = await comment(alice, post.id, "Version number 0 of many");
    for (let i = 1; i <= 21; i++) {
      const res = await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: { content: `Version number ${i} of many` } });
      expect(res.status).toBe(200);
    }
    const first = await (await api.fetch(`/api/comments/${c.id}/revisions`)).json();
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 22 });
    expect(first.revisions).toHaveLength(20);
    expect(first.revisions[0]).toMatchObject({ current: true, content: "Version number 21 of many" });
    const second = await (await api.fetch(`/api/comments/${c.id}/revisions?page=2`)).json();
    expect(second).toMatchObject({ page: 2, totalPages: 2 });
    expect(second.revisions.map((r: { content: string }) => r.content)).toEqual(["Version number 1 of many", "Version number 0 of many"]);
    expect(await (await api.fetch(`/api/comments/${c.id}/revisions?page=3`)).json()).toMatchObject({ revisions: [], page: 3, totalPages: 2 });
    await expectError(await api.fetch(`/api/comments/${c.id}/revisions?page=0`), 400, "page must be at least 1");
    await expectError(await api.fetch(`/api/comments/${c.id}/revisions?page=two`), 400, "page must be a number");
    await expectError(await api.fetch(`/api/comments/${c.id}/revisions?page=1.5`), 400, "page must be a whole number");
    // The page: plain links to the older and newer versions; a bad ?page= is page 1, as on the admin lists.
    const pager = (html: string) => /aria-label="Version pages"[^>]*><p>(.*?)<\/p>/.exec(html)?.[1];
    const page1 = await (await api.fetch(`/comments/${c.id}/history`)).text();
    expect(pager(page1)).toBe("22 versions · page 1 of 2");
    expect(page1).toContain(`href="?page=2"`);
    expect(page1).toContain("Older versions");
    expect(page1).not.toContain("Newer versions");
    expect(page1).toContain("Version number 21 of many");
    expect(page1).not.toContain("Version number 1 of many");
    const page2 = await api.fetch(`/comments/${c.id}/history?page=2`);
    expect(page2.status).toBe(200);
    const html2 = await page2.text();
    expect(html2).toContain("Version number 1 of many");
    expect(html2).toContain(">Original<");
    expect(html2).toContain(`href="?"`);
    expect(html2).toContain("Newer versions");
    const bad = await api.fetch(`/comments/${c.id}/history?page=abc`);
    expect(bad.status).toBe(200);
    expect(pager(await bad.text())).toBe("22 versions · page 1 of 2");
  });

  it("a mention notifies once, even when an edit keeps it", async () => {
    const post = api.post(alice.id);
    const c = await comment(alice, post.id, `Hello @${bob.username}!`);
    await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: { content: `Hello again @${bob.username}!` } });
    const notes = (await (await api.fetch("/api/notifications", { user: bob })).json()) as { type: string; commentId: number; message: string }[];
    expect(notes.filter((n) => n.type === "mention" && n.commentId === c.id)).toEqual([
      expect.objectContaining({ message: `${alice.username} mentioned you on "An API test post"` }),
    ]);
  });
});

describe("PATCH /api/posts/:id", () => {
  it("the author edits title, category and author; search, the feed and the page follow", async () => {
    const post = api.post(alice.id, { title: "Before quokkaword edit" });
    const res = await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: alice, json: { title: "After wombatword edit", category: "Music", commentAuthor: "Somebody" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "After wombatword edit", category: "Music", commentAuthor: "Somebody" });
    const search = await (await api.fetch(`/api/search?q=wombatword`)).json();
    expect(search.posts.map((p: { id: number }) => p.id)).toContain(post.id);
    expect((await (await api.fetch(`/api/search?q=quokkaword`)).json()).posts).toEqual([]);
    const feed = await (await api.fetch(`/profile/${alice.id}/feed.xml`)).text();
    expect(feed).toContain("After wombatword edit");
    expect(feed).not.toContain("quokkaword");
    const page = await (await api.fetch(`/post/${post.id}`)).text();
    expect(page).toContain('content="After wombatword edit"');
    const revisions = await (await api.fetch(`/api/posts/${post.id}/revisions`)).json();
    expect(revisions.revisions[1]).toMatchObject({ title: "Before quokkaword edit", commentAuthor: "@someone" });
  });

  it("401 for visitors, 403 for others, 404, 400 as sharing, 409 after the window; admins edit title and category", async () => {
    const post = api.post(alice.id, { createdAt: new Date(Date.now() - 48 * 3600_000) });
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", json: { title: "A visitor's title" } }), 401);
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: bob, json: { title: "Not mine" } }), 403);
    await expectError(await api.fetch(`/api/posts/999999`, { method: "PATCH", user: alice, json: { title: "Nothing here" } }), 404);
    await expectError(await api.fetch(`/api/posts/999999/revisions`), 404);
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: alice, json: { title: "ab" } }), 400, "Title must be at least 3 characters.");
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: alice, json: { category: "Nope" } }), 400, "Please choose one of the categories.");
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: alice, json: { title: "Late but fine" } }), 409, WINDOW_CLOSED);
    const res = await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: admin, json: { title: "Fixed by an admin", category: "Gaming" } });
    expect(res.status).toBe(200);
    const log = await (await api.fetch("/api/admin/log", { user: admin })).json();
    expect(JSON.stringify(log)).toContain("edit_post");
  });
});

describe("what follows an edit", () => {
  const lastmodOf = (xml: string, loc: string) => new RegExp(`<url><loc>${loc}</loc><lastmod>([^<]+)</lastmod></url>`).exec(xml)?.[1];

  it("the sitemap's lastmod for a post is its last edit, at once (the kept sitemap is not served)", async () => {
    const createdAt = new Date(Date.now() - 2 * 3600_000);
    const post = api.post(alice.id, { title: "A sitemap lastmod post", createdAt });
    const loc = `${api.url}/post/${post.id}`;
    expect(lastmodOf(await (await api.fetch("/sitemap.xml")).text(), loc)).toBe(createdAt.toISOString());
    const res = await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: alice, json: { title: "A sitemap lastmod post, edited" } });
    const { editedAt } = (await res.json()) as { editedAt: string };
    expect(Date.parse(editedAt)).toBeGreaterThan(createdAt.getTime());
    expect(lastmodOf(await (await api.fetch("/sitemap.xml")).text(), loc)).toBe(editedAt);
  });

  it("a comment edit: the post's comments feed shows the new text with its time, and a kept copy is not current", async () => {
    const post = api.post(alice.id, { title: "A comments feed post" });
    const c = await comment(alice, post.id, "Feed words before the emuword edit");
    const path = `/post/${post.id}/comments.xml`;
    const before = await api.fetch(path);
    const etag = before.headers.get("etag")!;
    expect(await before.text()).toContain("emuword");
    const res = await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: { content: "Feed words after the ibisword edit" } });
    const { editedAt } = (await res.json()) as { editedAt: string };
    const after = await api.fetch(path, { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    const xml = await after.text();
    expect(xml).toContain("Feed words after the ibisword edit");
    expect(xml).not.toContain("emuword");
    const entry = xml.slice(xml.indexOf(`<id>${api.url}/post/${post.id}/comments/${c.id}</id>`));
    expect(/<updated>([^<]+)<\/updated>/.exec(entry)?.[1]).toBe(editedAt);
  });
});

describe("forms without JavaScript", () => {
  it("POST /comments/:id/edit: 303 back with a toast; a refused edit keeps the box open with its message", async () => {
    const post = api.post(alice.id);
    const c = await comment(alice, post.id, "Form words here");
    let res = await api.fetch(`/comments/${c.id}/edit`, { method: "POST", user: alice, form: { content: "Edited by a form", commentId: String(c.id) }, headers: { Referer: `${api.url}/post/${post.id}?edit=comment-${c.id}` } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/post/${post.id}#comment-${c.id}`);
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Comment updated" });
    res = await api.fetch(`/comments/${c.id}/edit`, { method: "POST", user: alice, form: { content: "abc", commentId: String(c.id) }, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect(res.headers.get("location")).toBe(`/post/${post.id}?edit=comment-${c.id}&editError=Comment+too+short#comment-${c.id}`);
    const history = await (await api.fetch(`/comments/${c.id}/history`)).text();
    expect(history).toContain("<del");
    expect(history).toContain("<ins");
  });

  it("POST /post/:id/edit: 303 to the post with a toast; a refused value re-renders the form with its message", async () => {
    const post = api.post(alice.id, { title: "A form-edited post" });
    let res = await api.fetch(`/post/${post.id}/edit`, { method: "POST", user: alice, form: { title: "A form-edited post, fixed", category: "Music", commentAuthor: "Someone" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/post/${post.id}`);
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Post updated" });
    res = await api.fetch(`/post/${post.id}/edit`, { method: "POST", user: alice, form: { title: "ab", category: "Music", commentAuthor: "Someone" } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Title must be at least 3 characters.");
    res = await api.fetch(`/post/${post.id}/edit`, { method: "POST", user: bob, form: { title: "Not my post at all" } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("You can only edit your own posts and comments.");
  });

  it("'Edit' is on the cards their viewer may edit: the author's own in the feed and on their profile, not another member's", async () => {
    const carol = await api.user();
    const post = api.post(carol.id, { title: "A card that offers Edit" });
    const old = api.post(carol.id, { title: "A card past its window", createdAt: new Date(Date.now() - 48 * 3600_000) });
    const link = `href="/post/${post.id}/edit"`;
    const profile = await (await api.fetch(`/profile/${carol.id}`, { user: carol })).text();
    expect(profile).toContain(link);
    expect(profile).toContain(`id="post-${old.id}"`);
    expect(profile).not.toContain(`href="/post/${old.id}/edit"`);
    expect(await (await api.fetch("/?sort=new", { user: carol })).text()).toContain(link);
    expect(await (await api.fetch("/?sort=new", { user: bob })).text()).not.toContain(link);
    expect(await (await api.fetch("/?sort=new")).text()).not.toContain(link);
    expect(await (await api.fetch("/?sort=new", { user: admin })).text()).toContain(link);
  });

  it("POST /revisions/:id/redact: admins only, with a reason, logged", async () => {
    const post = api.post(alice.id);
    const c = await comment(alice, post.id, "My phone is 555 0100");
    await api.fetch(`/api/comments/${c.id}`, { method: "PATCH", user: alice, json: { content: "Never mind that" } });
    const revisionId = (await (await api.fetch(`/api/comments/${c.id}/revisions`)).json()).revisions[1].id;
    let res = await api.fetch(`/revisions/${revisionId}/redact`, { method: "POST", user: bob, form: { reason: "x" } });
    expect(await readToast(res)).toMatchObject({ type: "error" });
    res = await api.fetch(`/revisions/${revisionId}/redact`, { method: "POST", user: admin, form: { reason: "doxxing" } });
    expect(res.headers.get("location")).toBe(`/comments/${c.id}/history`);
    const history = await (await api.fetch(`/comments/${c.id}/history`)).text();
    expect(history).toContain("Removed by a moderator");
    expect(history).not.toContain("555 0100");
  });
});
