// HTTP contract of mutes and hiding (docs/product.md "Mutes and Hide", decision 0125): the JSON API
// (/api/me/mutes, /api/posts/:id/hide), the no-JS forms (/mutes, /post/:id/hide, a visitor's cookie),
// and that one visitor's mutes never reach another visitor's page through the answer or render memo.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment } from "~/models/comment.server.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

let api: ApiClient;
let alice: ApiUser;
let bob: ApiUser;
// Every post is made before the server first lists any: a write by this process reaches the
// server's shared lists within their lag for another process's commits (2 s), as another worker's would.
let posts: Record<"llamas" | "bobs" | "hideMe" | "card" | "read" | "readLater" | "prefetched" | "porcupines" | "marmalade", { id: number; title: string }>;

beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
  bob = await api.user();
  posts = {
    llamas: api.post(alice.id, { title: "A post about llamas" }),
    bobs: api.post(bob.id, { title: "Bob's own post" }),
    hideMe: api.post(alice.id, { title: "Hide me please" }),
    card: api.post(alice.id, { title: "A card to hide" }),
    read: api.post(alice.id, { title: "Read it already" }),
    readLater: api.post(alice.id, { title: "Opened while hiding" }),
    prefetched: api.post(alice.id, { title: "Only prefetched" }),
    porcupines: api.post(alice.id, { title: "Visitors hate porcupines", category: "Gaming" }),
    marmalade: api.post(alice.id, { title: "Marmalade everywhere" }),
  };
});
afterAll(() => api.stop());

const AUTH = "Authentication required. Please log in.";
type Mute = { id: number; kind: string; value: string; label: string; createdAt: string };
const titlesOf = async (res: Response) => ((await res.json()) as { title: string }[]).map((p) => p.title);

describe("GET, POST /api/me/mutes and DELETE /api/me/mutes/:id", () => {
  it("mutes a word, a member by id or name and a category by name: 201 with its id, listed newest first, deleted by id", async () => {
    const me = await api.user();
    const add = (json: unknown) => api.fetch("/api/me/mutes", { method: "POST", user: me, json });
    let res = await add({ kind: "word", value: "Crème Brûlée" });
    expect(res.status).toBe(201);
    const word = (await res.json()) as Mute;
    expect(word).toMatchObject({ id: expect.any(Number), kind: "word", value: "creme brulee" });
    expect((await add({ kind: "member", value: bob.id })).status).toBe(201);
    expect((await add({ kind: "category", value: "music" })).status).toBe(201);
    await expectError(await add({ kind: "member", value: bob.username.toUpperCase() }), 409, "You already muted that");
    await expectError(await add({ kind: "word", value: "CREME brulee" }), 409);
    const listed = (await (await api.fetch("/api/me/mutes", { user: me })).json()) as { mutes: Mute[] };
    expect(listed.mutes.map((m) => [m.kind, m.label])).toEqual([
      ["category", "Music"],
      ["member", bob.username],
      ["word", "creme brulee"],
    ]);
    expect((await api.fetch(`/api/me/mutes/${word.id}`, { method: "DELETE", user: me })).status).toBe(200);
    await expectError(await api.fetch(`/api/me/mutes/${word.id}`, { method: "DELETE", user: me }), 404, "Mute not found");
    // Another member's mute is not yours to delete.
    await expectError(await api.fetch(`/api/me/mutes/${listed.mutes[0].id}`, { method: "DELETE", user: bob }), 404);
  });

  it("answers 400 for an empty or unknown value or kind, and for yourself; 401 to visitors", async () => {
    const me = await api.user();
    const add = (json: unknown) => api.fetch("/api/me/mutes", { method: "POST", user: me, json });
    await expectError(await add({ kind: "word", value: "" }), 400, "Say what to mute");
    await expectError(await add({ kind: "word", value: "   " }), 400, "Say what to mute");
    await expectError(await add({ kind: "word", value: "!!!" }), 400, "Say what to mute");
    await expectError(await add({ kind: "member", value: "no-such-member-here" }), 400, "No member has that name");
    await expectError(await add({ kind: "member", value: 99_999_999 }), 400, "No member has that name");
    await expectError(await add({ kind: "member", value: me.id }), 400, "You cannot mute yourself");
    await expectError(await add({ kind: "category", value: "Knitting" }), 400, "No category has that name");
    await expectError(await add({ kind: "colour", value: "red" }), 400);
    await expectError(await add({ kind: "word" }), 400);
    await expectError(await api.fetch("/api/me/mutes"), 401, AUTH);
    await expectError(await api.fetch("/api/me/mutes", { method: "POST", json: { kind: "word", value: "x" } }), 401, AUTH);
  });

  it("leaves the muted posts out of GET /api/posts and collapses muted comments in GET /api/posts/:id/comments", async () => {
    const me = await api.user();
    const p = posts.llamas;
    const c = createComment({ userId: bob.id, postId: p.id, content: "bob was here" });
    createComment({ userId: alice.id, postId: p.id, content: "a reply", parentId: c.id });
    await api.fetch("/api/me/mutes", { method: "POST", user: me, json: { kind: "member", value: bob.username } });
    await api.fetch("/api/me/mutes", { method: "POST", user: me, json: { kind: "word", value: "LLAMAS" } });
    const titles = await titlesOf(await api.fetch("/api/posts?sortBy=new&limit=100", { user: me }));
    expect(titles).not.toContain("A post about llamas");
    expect(titles).not.toContain("Bob's own post");
    const thread = (await (await api.fetch(`/api/posts/${p.id}/comments`, { user: me })).json()) as { content: string; parentId: number | null }[];
    expect(thread.map((x) => x.content)).toEqual(["[muted comment]", "a reply"]);
    // The post itself stays reachable by its link.
    expect((await api.fetch(`/api/posts/${p.id}`, { user: me })).status).toBe(200);
  });
});

describe("PUT and DELETE /api/posts/:id/hide", () => {
  it("hides a post from the member's lists and shows it again; twice changes nothing; 401, 404", async () => {
    const me = await api.user();
    const p = posts.hideMe;
    const feed = () => api.fetch("/api/posts?sortBy=new&limit=100", { user: me }).then(titlesOf);
    expect(await (await api.fetch(`/api/posts/${p.id}/hide`, { method: "PUT", user: me })).json()).toEqual({ hidden: true });
    expect(await (await api.fetch(`/api/posts/${p.id}/hide`, { method: "PUT", user: me })).json()).toEqual({ hidden: true });
    expect(await feed()).not.toContain("Hide me please");
    expect(await api.fetch("/api/posts?sortBy=new&limit=100", { user: alice }).then(titlesOf)).toContain("Hide me please");
    expect(await (await api.fetch(`/api/posts/${p.id}/hide`, { method: "DELETE", user: me })).json()).toEqual({ hidden: false });
    expect(await feed()).toContain("Hide me please");
    await expectError(await api.fetch(`/api/posts/${p.id}/hide`, { method: "PUT" }), 401, AUTH);
    await expectError(await api.fetch("/api/posts/99999999/hide", { method: "PUT", user: me }), 404, "Post not found");
    await expectError(await api.fetch(`/api/posts/${p.id}/hide`, { user: me }), 405);
  });
});

describe("the forms, without JavaScript", () => {
  const back = (path: string) => ({ Referer: `${api.url}${path}` });

  it("'Hide' on a card: 303 back with 'Post hidden' and an Undo that posts unhide; the Hidden tab lists it", async () => {
    const me = await api.user();
    const p = posts.card;
    const res = await api.fetch(`/post/${p.id}/hide`, { method: "POST", user: me, form: { intent: "hide" }, headers: back("/?sort=new") });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/?sort=new");
    expect(await readToast(res)).toMatchObject({ title: "Post hidden", undo: { action: `/post/${p.id}/hide`, intent: "unhide" } });
    expect(await (await api.fetch("/?sort=new", { user: me })).text()).not.toContain("A card to hide");
    expect(await (await api.fetch("/mutes?tab=hidden", { user: me })).text()).toContain("A card to hide");
    const undo = await api.fetch(`/post/${p.id}/hide`, { method: "POST", user: me, form: { intent: "unhide" }, headers: back("/?sort=new") });
    expect(await readToast(undo)).toMatchObject({ title: "Post shown again" });
    expect(await (await api.fetch("/?sort=new", { user: me })).text()).toContain("A card to hide");
  });

  it("'Hide what I've read': a post opened by the member leaves their lists while it is on", async () => {
    const me = await api.user();
    const p = posts.read;
    expect((await api.fetch(`/post/${p.id}`, { user: me })).status).toBe(200);
    // A browser's prefetch is not opening it.
    const other = posts.prefetched;
    await api.fetch(`/post/${other.id}`, { user: me, headers: { "Sec-Purpose": "prefetch" } });
    const on = await api.fetch("/mutes", { method: "POST", user: me, form: { intent: "hide-read" }, headers: back("/") });
    expect(on.status).toBe(303);
    const home = await (await api.fetch("/?sort=new", { user: me })).text();
    expect(home).not.toContain("Read it already");
    expect(home).toContain("Only prefetched");
    expect(home).toContain('aria-checked="true"');
    await api.fetch("/mutes", { method: "POST", user: me, form: { intent: "show-read" }, headers: back("/") });
    expect(await (await api.fetch("/?sort=new", { user: me })).text()).toContain("Read it already");
  });

  // Reads are kept out of the version every page depends on (decision 0165): the member's own pages
  // still follow them at once, from a kept answer or not.
  it("'Hide what I've read' already on: the post the member opens leaves their kept list at once", async () => {
    const me = await api.user();
    const p = posts.readLater;
    expect((await api.fetch("/mutes", { method: "POST", user: me, form: { intent: "hide-read" }, headers: back("/") })).status).toBe(303);
    for (let i = 0; i < 2; i++) expect(await (await api.fetch("/?sort=new", { user: me })).text()).toContain(p.title);
    expect((await api.fetch(`/post/${p.id}`, { user: me })).status).toBe(200);
    expect(await (await api.fetch("/?sort=new", { user: me })).text()).not.toContain(p.title);
    // Another member's list still has it.
    expect(await (await api.fetch("/?sort=new", { user: await api.user() })).text()).toContain(p.title);
  });

  it("a member mutes from a confirmation page (?kind=&value=) and unmutes from the list", async () => {
    const me = await api.user();
    const confirm = await (await api.fetch(`/mutes?kind=member&value=${bob.id}`, { user: me })).text();
    expect(confirm).toContain(`Mute @${bob.username}?`);
    const res = await api.fetch("/mutes", { method: "POST", user: me, form: { intent: "mute", kind: "member", value: String(bob.id) }, headers: back(`/mutes?kind=member&value=${bob.id}`) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/mutes");
    expect(await readToast(res)).toMatchObject({ title: "Member muted" });
    const again = await api.fetch("/mutes", { method: "POST", user: me, form: { intent: "mute", kind: "member", value: bob.username }, headers: back("/mutes") });
    expect(await readToast(again)).toMatchObject({ type: "error", description: "You already muted that" });
    const off = await api.fetch("/mutes", { method: "POST", user: me, form: { intent: "unmute", kind: "member", value: String(bob.id) }, headers: back(`/profile/${bob.id}`) });
    expect(await readToast(off)).toMatchObject({ title: "Unmuted" });
    expect(off.headers.get("location")).toBe(`/profile/${bob.id}`);
  });

  it("a visitor mutes a word and a category in a cookie (never a member), and unmutes them", async () => {
    const p = posts.porcupines;
    let res = await api.fetch("/mutes", { method: "POST", form: { intent: "mute", kind: "word", value: "Porcupines" }, headers: back("/mutes") });
    expect(res.status).toBe(303);
    let cookie = res.headers.getSetCookie().find((c) => c.startsWith("chortle_mutes="))!.split(";")[0];
    expect(await (await api.fetch("/?sort=new", { headers: { Cookie: cookie } })).text()).not.toContain(p.title);
    res = await api.fetch("/mutes", { method: "POST", form: { intent: "mute", kind: "category", value: "gaming" }, headers: { ...back("/mutes"), Cookie: cookie } });
    cookie = res.headers.getSetCookie().find((c) => c.startsWith("chortle_mutes="))!.split(";")[0];
    const page = await (await api.fetch("/mutes", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("porcupines");
    expect(page).toContain("Gaming");
    res = await api.fetch("/mutes", { method: "POST", form: { intent: "mute", kind: "member", value: alice.username }, headers: { ...back("/mutes"), Cookie: cookie } });
    expect(await readToast(res)).toMatchObject({ type: "error" });
    res = await api.fetch("/mutes", { method: "POST", form: { intent: "unmute", kind: "word", value: "porcupines" }, headers: { ...back("/mutes"), Cookie: cookie } });
    cookie = res.headers.getSetCookie().find((c) => c.startsWith("chortle_mutes="))!.split(";")[0];
    expect(decodeURIComponent(cookie)).toBe('chortle_mutes={"w":[],"c":["Gaming"]}');
    // A hand-made cookie mutes only what a form could have: unknown categories and non-words are dropped.
    const forged = `chortle_mutes=${encodeURIComponent(JSON.stringify({ w: ["!!!", 42], c: ["Knitting"] }))}`;
    expect(await (await api.fetch("/?sort=new", { headers: { Cookie: forged } })).text()).toContain(p.title);
  });
});

describe("the page memos and a visitor's mutes", () => {
  it("never hand one visitor's muted page to another, nor the other's to them (answer memo by Cookie, render memo by data)", async () => {
    const muting = `chortle_mutes=${encodeURIComponent(JSON.stringify({ w: ["marmalade"], c: [] }))}`;
    const plain = () => api.fetch("/?sort=new", { headers: { "Accept-Encoding": "identity" } });
    const muted = (etag?: string) =>
      api.fetch("/?sort=new", { headers: { Cookie: muting, "Accept-Encoding": "identity", ...(etag ? { "If-None-Match": etag } : {}) } });
    for (let round = 0; round < 3; round++) {
      const a = await plain();
      expect(await a.text()).toContain("Marmalade everywhere");
      const b = await muted(a.headers.get("etag") ?? undefined);
      // The plain page's ETag is not the muted page's: a 304 would hand the visitor the plain page.
      expect(b.status).toBe(200);
      expect(await b.text()).not.toContain("Marmalade everywhere");
      const c = await plain();
      expect(c.headers.get("etag")).toBe(a.headers.get("etag"));
      expect(await c.text()).toContain("Marmalade everywhere");
    }
  });
});
