// Paging a JSON list by its `Link: <…>; rel="next"` (docs/product.md §7, decision 0160): a muting
// viewer's offset counts the list's own positions and the next page starts after what its window
// read, so following `next` from the first page shows each post the viewer did not mute exactly
// once, in the list's order, and stops where the list ends. On the built server and its real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MUTES } from "~/rules/mute-rules.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
let alice: ApiUser;
let bob: ApiUser;
type Made = { id: number; title: string; userId: number };
// Newest first as listed: the list's order is created_at, then id, both descending.
let made: Made[];

const COUNT = 70;
// A run of 40 muted posts (longer than two windows of a page of 5, 20 rows each), then every fourth bob's and
// every seventh about pineapple.
const mutedWord = (i: number) => (i >= 10 && i < 50) || i % 7 === 3;
const byBob = (i: number) => i % 4 === 1;

beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
  bob = await api.user();
  const now = Date.now();
  // Every post is made before the server first lists any (its shared lists keep a list up to 2 s).
  made = Array.from({ length: COUNT }, (_, i) => {
    const author = byBob(i) ? bob : alice;
    const post = api.post(author.id, { title: mutedWord(i) ? `A pineapple post ${i}` : `A post ${i}`, createdAt: new Date(now - (i + 1) * 60_000) });
    return { id: post.id, title: post.title, userId: author.id };
  });
});
afterAll(() => api.stop());

/** Follows `next` from `first`; each page's ids and the Link it gave. */
async function walk(first: string, headers: { user?: ApiUser; cookie?: string } = {}) {
  const pages: { ids: number[]; next: string | null }[] = [];
  let path: string | null = first;
  while (path !== null && pages.length < 100) {
    const res = await api.fetch(path, { user: headers.user, headers: headers.cookie ? { Cookie: headers.cookie } : {} });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number }[];
    expect(Array.isArray(body)).toBe(true);
    const link = res.headers.get("Link");
    let next: string | null = null;
    if (link !== null) {
      const url = new URL(/^<([^>]+)>; rel="next"$/.exec(link)![1]);
      expect(url.origin).toBe(new URL(api.url).origin);
      next = url.pathname + url.search;
    }
    pages.push({ ids: body.map((p) => p.id), next });
    path = next;
  }
  return { pages, ids: pages.flatMap((p) => p.ids) };
}

const offsetOf = (next: string | null) => (next === null ? null : Number(new URL(next, "http://x").searchParams.get("offset")));
const mute = (user: ApiUser, kind: string, value: string | number) => api.fetch("/api/me/mutes", { method: "POST", user, json: { kind, value } });

describe("GET /api/posts by its Link: rel=\"next\"", () => {
  it("without mutes: offset + limit each page, the same query kept, every post once, no Link after the last", async () => {
    const me = await api.user();
    const { pages, ids } = await walk("/api/posts?sortBy=new&limit=5", { user: me });
    expect(ids).toEqual(made.map((p) => p.id));
    expect(pages.slice(0, -1).map((p) => offsetOf(p.next))).toEqual(Array.from({ length: pages.length - 1 }, (_, i) => 5 * (i + 1)));
    expect(new URL(pages[0].next!, "http://x").searchParams.get("sortBy")).toBe("new");
    expect(new URL(pages[0].next!, "http://x").searchParams.get("limit")).toBe("5");
    expect(pages.at(-1)!.next).toBeNull();
  });

  it("a muting member sees exactly the posts they did not mute, in order, once each; a page the mutes emptied still leads on", async () => {
    const me = await api.user();
    expect((await mute(me, "word", "pineapple")).status).toBe(201);
    expect((await mute(me, "member", bob.id)).status).toBe(201);
    const { pages, ids } = await walk("/api/posts?sortBy=new&limit=5", { user: me });
    const kept = made.filter((p, i) => !mutedWord(i) && !byBob(i)).map((p) => p.id);
    expect(ids).toEqual(kept);
    expect(new Set(ids).size).toBe(ids.length);
    // The run of 40 muted posts holds a whole window (2 × 5 + 10 rows): a page comes back empty
    // and its Link steps over the whole window.
    const empty = pages.findIndex((p) => p.ids.length === 0);
    expect(empty).toBeGreaterThan(-1);
    expect(offsetOf(pages[empty].next)! - offsetOf(pages[empty - 1].next)!).toBe(20);
    // Each full page's next is the position after its last post in the list as the site holds it.
    for (const page of pages.filter((p) => p.ids.length === 5 && p.next !== null))
      expect(offsetOf(page.next)).toBe(made.findIndex((p) => p.id === page.ids.at(-1)) + 1);
    expect(pages.at(-1)!.next).toBeNull();
  });

  it("a visitor's mute cookie pages the same way, and a member's profile list too", async () => {
    const cookie = `chortle_mutes=${encodeURIComponent(JSON.stringify({ w: ["pineapple"], c: [] }))}`;
    const visitor = await walk("/api/posts?sortBy=new&limit=4", { cookie });
    expect(visitor.ids).toEqual(made.filter((p, i) => !mutedWord(i)).map((p) => p.id));
    const me = await api.user();
    await mute(me, "word", "pineapple");
    const profile = await walk(`/api/users/${alice.id}/posts?limit=3`, { user: me });
    expect(profile.ids).toEqual(made.filter((p, i) => !mutedWord(i) && !byBob(i)).map((p) => p.id));
    expect(profile.pages.at(-1)!.next).toBeNull();
  });

  it("starts a muting viewer's deep page at its offset in the list, not after that many of their posts", async () => {
    const me = await api.user();
    await mute(me, "member", bob.id);
    const res = await api.fetch("/api/posts?sortBy=new&limit=3&offset=40", { user: me });
    const first = made.slice(40).find((p, i) => !byBob(40 + i))!;
    expect(((await res.json()) as { id: number }[])[0].id).toBe(first.id);
    // Past the list's end: empty, and no Link.
    const end = await api.fetch("/api/posts?sortBy=new&limit=3&offset=10000", { user: me });
    expect(await end.json()).toEqual([]);
    expect(end.headers.get("Link")).toBeNull();
  });

  it("as an attacker with the most mutes: offsets and limits out of range are 400 before any row is read; the deepest page is an empty array", async () => {
    const me = await api.user();
    for (let i = 0; i < MAX_MUTES; i++) expect((await mute(me, "word", `w${i} the post a b c`)).status).toBe(201);
    for (const [query, message] of [
      ["offset=-1", "offset must be at least 0"],
      ["offset=NaN", "offset must be a number"],
      ["offset=10001", "offset must be at most 10000"],
      ["offset=1e9", "offset must be at most 10000"],
      ["offset=2.5", "offset must be a whole number"],
      ["limit=0", "limit must be at least 1"],
      ["limit=1e9", "limit must be at most 100"],
      ["limit=-5", "limit must be at least 1"],
    ]) {
      for (const path of [`/api/posts?${query}`, `/api/users/${alice.id}/posts?${query}`]) {
        const res = await api.fetch(path, { user: me });
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual({ message });
      }
    }
    const deepest = await api.fetch("/api/posts?offset=10000&limit=100", { user: me });
    expect(deepest.status).toBe(200);
    expect(await deepest.json()).toEqual([]);
  });
});
