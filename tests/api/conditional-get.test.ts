// Pages answer conditional GETs: the ETag is the render memo's key (the URL and every loader's data).
// A repeated GET may be answered from the answer memo (pipeline/answer-memo.server.ts): the same
// bytes and headers; a member's page never once a row has changed, a visitor's for up to 2 s after
// (docs/decisions/0049).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoEnabled } from "~/integrations/env.server.ts";
import { SHARED_CACHE_CONTROL } from "~/rules/cache-rules.ts";
import { createComment } from "~/models/comment.server.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await api?.stop();
});

describe("conditional GET of pages", () => {
  it("answers 304 while nothing changed, and 200 with a new ETag once the page's data does", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "An ETag for this page" });
    const first = await api.fetch(`/post/${post.id}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);

    const again = await api.fetch(`/post/${post.id}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    // A vote changes the page's data: a new version, a new ETag.
    const voter = await api.user();
    expect((await api.fetch("/api/votes", { method: "POST", user: voter, json: { postId: post.id, isUpvote: true } })).status).toBe(200);
    const changed = await api.fetch(`/post/${post.id}`, { headers: { "If-None-Match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("gives each member their own version (the page holds who is signed in)", async () => {
    const member = await api.user();
    const visitorTag = (await api.fetch("/")).headers.get("etag");
    const memberTag = (await api.fetch("/", { user: member })).headers.get("etag");
    expect(memberTag).not.toBe(visitorTag);
    expect((await api.fetch("/", { user: member, headers: { "If-None-Match": visitorTag! } })).status).toBe(200);
  });

  it("answers a repeated GET with the same bytes and headers, and afresh as soon as another process writes", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Kept while nothing changes" });
    const first = await api.fetch(`/post/${post.id}`, { headers: { "Accept-Encoding": "identity" } });
    const html = await first.text();
    expect(html).toContain("Kept while nothing changes");
    const again = await api.fetch(`/post/${post.id}`, { headers: { "Accept-Encoding": "identity" } });
    expect(await again.text()).toBe(html);
    for (const name of ["etag", "content-type", "content-security-policy", "cache-control", "content-length"]) {
      expect(again.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect((await api.fetch(`/post/${post.id}`, { headers: { "If-None-Match": first.headers.get("etag")! } })).status).toBe(304);

    // The test's own connection is another process to the server; the thread shows its writes at once.
    createComment({ userId: author.id, postId: post.id, content: "Written by another process" });
    const changed = await (await api.fetch(`/post/${post.id}`, { headers: { "Accept-Encoding": "identity" } })).text();
    expect(changed).toContain("Written by another process");
  });

  it("gives a visitor's page for up to 2 s after a write, a member's never", async () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const [author, voter] = [await api.user(), await api.user()];
    const post = api.post(author.id, { title: "Two seconds behind" });
    // The test's writes are another process's: nothing is kept within the caches' longest lag (5 s)
    // after the server first sees them (this request).
    await (await api.fetch(`/post/${post.id}`)).text();
    await wait(5_200);
    const score = async (res: Response) => /data-testid="score"><span class="sr-only">Score: <\/span>(-?\d+)/.exec(await res.text())?.[1];
    const before = await api.fetch(`/post/${post.id}`);
    expect(await score(before)).toBe("0");
    expect((await api.fetch("/api/votes", { method: "POST", user: voter, json: { postId: post.id, isUpvote: true } })).status).toBe(200);
    // Within the lag a visitor is given the page as it was (with MEMO=off, nothing is kept: the page
    // as it is); the member who voted sees the vote.
    expect(await score(await api.fetch(`/post/${post.id}`))).toBe(memoEnabled() ? "0" : "1");
    expect(await score(await api.fetch(`/post/${post.id}`, { user: voter }))).toBe("1");
    await wait(2_000);
    const after = await api.fetch(`/post/${post.id}`);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(await score(after)).toBe("1");
  });

  it("never gives one member's kept page to another, or to a visitor", async () => {
    const [ada, bob] = [await api.user(), await api.user()];
    for (let i = 0; i < 2; i++) {
      expect(await (await api.fetch("/", { user: ada })).text()).toContain(`Account menu for ${ada.username}`);
      const bobs = await (await api.fetch("/", { user: bob })).text();
      expect(bobs).toContain(`Account menu for ${bob.username}`);
      expect(bobs).not.toContain(ada.username);
      const visitors = await (await api.fetch("/")).text();
      expect(visitors).not.toContain(ada.username);
      expect(visitors).not.toContain(bob.username);
    }
  });
});

describe("what a browser may keep", () => {
  it("a member's documents and .data answers are never stored; a visitor's page is shared for a second, then revalidated by its ETag", async () => {
    const member = await api.user();
    // The member first: the visitor after them is given a page that names no one, for anyone.
    const membersPage = await api.fetch("/", { user: member });
    expect(membersPage.headers.get("cache-control")).toBe("private, no-store");
    expect(await membersPage.text()).toContain(`Account menu for ${member.username}`);
    const visitorPage = await api.fetch("/");
    expect(visitorPage.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
    expect(visitorPage.headers.get("vary")?.split(/,\s*/).sort()).toEqual(["Accept-Encoding", "Cookie"]);
    expect(await visitorPage.text()).not.toContain(member.username);
    // A 304 says the same (a shared cache renews its copy by it).
    const revalidated = await api.fetch("/", { headers: { "If-None-Match": visitorPage.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);

    for (const path of ["/", `/profile/${member.id}/about`, "/notifications"]) {
      const res = await api.fetch(path, { user: member });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      await res.text();
    }
    for (const path of [`/profile/${member.id}/about.data`, "/notifications.data", `/profile/${member.id}/saved.data`, "/_root.data"]) {
      const res = await api.fetch(path, { user: member });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      const body = await res.text();
      if (path.includes("about")) expect(body).toContain(member.username);
    }
  });

  it("a visitor's .data answer is revalidated by the browser (not shared), on every page kind; a member's never stored", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Data answers say how they may be kept", category: "Gaming" });
    const pages = ["/", "/?sort=new", `/post/${post.id}`, "/category/gaming", "/categories", `/profile/${author.id}`, `/profile/${author.id}/comments`, `/profile/${author.id}/about`, "/search?q=data", "/auth"];
    for (const page of pages) {
      const url = new URL(page, "http://local.invalid");
      const dataPath = `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
      const document = await api.fetch(page);
      expect(document.status, page).toBe(200);
      await document.text();
      const data = await api.fetch(dataPath);
      expect(data.status, dataPath).toBe(200);
      expect([SHARED_CACHE_CONTROL, "private, no-cache"], page).toContain(document.headers.get("cache-control"));
      expect(data.headers.get("cache-control"), dataPath).toBe("private, no-cache");
      await data.text();
      const member = await api.fetch(dataPath, { user: author });
      expect(member.headers.get("cache-control"), `${dataPath} (member)`).toBe("private, no-store");
      await member.text();
    }
    // A page that is not there: its .data answer says how it may be kept too.
    const missing = await api.fetch("/post/999999.data");
    expect(missing.headers.get("cache-control")).toBeTruthy();
    await missing.text();
  });
});
