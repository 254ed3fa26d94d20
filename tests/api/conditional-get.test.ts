// Pages answer conditional GETs: the ETag is the render memo's key (the URL and every loader's data).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

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
});
