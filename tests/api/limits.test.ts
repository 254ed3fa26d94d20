// Write limits: a server of its own with limits on (the rest of the suite runs with RATE_LIMIT=off,
// so parallel tests from one address never trip each other).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PER_ADDRESS_FACTOR, WRITE_BUDGETS } from "~/integrations/rate-limit.server.ts";
import { readToast, startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer({ RATE_LIMIT: "10/60", TRUST_PROXY: "loopback" });
});
afterAll(async () => {
  await api?.stop();
});

const count = (table: string) => api.db.get<{ n: number }>(sql.raw(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

describe("write limits (per member and per address)", () => {
  it("a member's votes stop at the toggle budget with 429, Retry-After and RateLimit-* headers", async () => {
    const voter = await api.user();
    const post = api.post((await api.user()).id);
    const budget = WRITE_BUDGETS.toggle.points;
    const statuses: number[] = [];
    for (let i = 0; i < budget; i++) {
      const res = await api.fetch("/api/votes", { method: "POST", user: voter, json: { postId: post.id, isUpvote: true }, headers: { "X-Forwarded-For": "10.9.0.1" } });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const refused = await api.fetch("/api/votes", { method: "POST", user: voter, json: { postId: post.id, isUpvote: true }, headers: { "X-Forwarded-For": "10.9.0.1" } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-limit")).toBe(String(budget));
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    // Another member from another address still votes.
    const other = await api.user();
    const ok = await api.fetch("/api/votes", { method: "POST", user: other, json: { postId: post.id, isUpvote: true }, headers: { "X-Forwarded-For": "10.9.0.2" } });
    expect(ok.status).toBe(200);
  });

  it("decides who acts first: a visitor's refused writes spend nothing of the address's budget", async () => {
    const post = api.post((await api.user()).id);
    const headers = { "X-Forwarded-For": "10.9.5.1" };
    const addressBudget = WRITE_BUDGETS.comment.points * PER_ADDRESS_FACTOR;
    for (let i = 0; i <= addressBudget; i++) {
      const json = await api.fetch("/api/comments", { method: "POST", json: { postId: post.id, content: `visitor ${i}` }, headers });
      expect(json.status).toBe(401);
    }
    const form = await api.fetch(`/post/${post.id}/comments`, { method: "POST", form: { content: "a visitor's form", _js: "1" }, headers });
    expect(form.status).toBe(401);
    // A member at the same address still has the whole budget.
    const member = await api.user();
    const ok = await api.fetch("/api/comments", { method: "POST", user: member, json: { postId: post.id, content: "from the same address" }, headers });
    expect(ok.status).toBe(201);
  });

  it("a fetcher over the budget gets 429 with Retry-After and RateLimit-* headers", async () => {
    const writer = await api.user();
    const post = api.post((await api.user()).id);
    const send = (content: string) =>
      api.fetch(`/post/${post.id}/comments`, { method: "POST", user: writer, form: { content, _js: "1" }, headers: { "X-Forwarded-For": "10.9.6.1" } });
    for (let i = 0; i < WRITE_BUDGETS.comment.points; i++) expect((await send(`fetcher comment ${i}`)).status).toBe(200);
    const refused = await send("one too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-limit")).toBe(String(WRITE_BUDGETS.comment.points));
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  });

  it("a no-JS comment over the budget comes back with a toast that says when, and the draft kept", async () => {
    const writer = await api.user();
    const post = api.post((await api.user()).id);
    const form = (content: string) =>
      api.fetch(`/post/${post.id}/comments`, {
        method: "POST",
        user: writer,
        form: { content },
        headers: { Referer: `${api.url}/post/${post.id}`, "X-Forwarded-For": "10.9.1.1" },
      });
    for (let i = 0; i < WRITE_BUDGETS.comment.points; i++) {
      const res = await form(`comment number ${i}`);
      expect(res.status).toBe(303);
    }
    const before = count("comments");
    const refused = await form("the one that is kept");
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.get("location")!, api.url);
    // The text comes back by a flash cookie, never in the URL (history, logs).
    expect(location.searchParams.get("draft")).toBeNull();
    const draft = refused.headers.getSetCookie().find((c) => c.startsWith("chortle_draft="))!.split(";")[0];
    expect(await readToast(refused)).toMatchObject({ type: "error", title: "Failed to post comment", description: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds? and try again\.$/) });
    expect(count("comments")).toBe(before);
    // The page shows the box with the draft in it.
    const page = await api.fetch(`${location.pathname}${location.search}`, { user: { ...writer, cookie: `${writer.cookie}; ${draft}` } });
    expect(await page.text()).toContain("the one that is kept");
  });

  it("an address with many members gets three members' budget (PER_ADDRESS_FACTOR)", async () => {
    const post = api.post((await api.user()).id);
    const statuses: number[] = [];
    // Saves from many fresh members at one address: the address budget is 3 × 120 toggles.
    const members = await Promise.all(Array.from({ length: 4 }, () => api.user()));
    for (let i = 0; i < WRITE_BUDGETS.toggle.points * PER_ADDRESS_FACTOR + 1; i++) {
      const member = members[i % members.length];
      const res = await api.fetch(`/api/posts/${post.id}/save`, { method: "POST", user: member, headers: { "X-Forwarded-For": "10.9.2.1" } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  // Every kind of write spends the same budget through the same two wrappers (apiAction for JSON,
  // interactionAction for forms): each answers 429 once a member is over it.
  it.each([
    ["save", "POST", (t: Targets): string => `/api/posts/${t.postId}/save`, (): unknown => undefined],
    ["follow", "POST", (t: Targets): string => `/api/users/${t.otherId}/follow`, (): unknown => undefined],
    ["bio", "PATCH", (t: Targets): string => `/api/users/${t.selfId}`, (): unknown => ({ bio: "Still funny." })],
    ["notification reads", "PATCH", (): string => "/api/notifications/read-all", (): unknown => undefined],
  ] as const)("%s: 429 past the toggle budget", async (_kind, method, path, body) => {
    const member = await api.user({ isAdmin: true });
    const other = await api.user();
    const targets: Targets = { selfId: member.id, otherId: other.id, postId: api.post(other.id).id };
    const ip = `10.9.3.${Math.floor(Math.random() * 250)}`;
    const send = () => api.fetch(path(targets), { method, user: member, json: body(), headers: { "X-Forwarded-For": ip } });
    const statuses: number[] = [];
    for (let i = 0; i < WRITE_BUDGETS.toggle.points; i++) statuses.push((await send()).status);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

type Targets = { selfId: number; otherId: number; postId: number };

describe("the moderation budget", () => {
  it("an admin's actions spend moderation's own budget: a spent toggle budget does not stop them, and they stop at theirs with 429", async () => {
    const admin = await api.user({ isAdmin: true });
    const other = await api.user();
    const post = api.post(other.id);
    const headers = { "X-Forwarded-For": `10.9.4.${Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < WRITE_BUDGETS.toggle.points; i++) await api.fetch(`/api/posts/${post.id}/save`, { method: "POST", user: admin, headers });
    expect((await api.fetch(`/api/posts/${post.id}/save`, { method: "POST", user: admin, headers })).status).toBe(429);
    const act = () => api.fetch(`/api/admin/users/${other.id}/toggle-admin`, { method: "POST", user: admin, headers });
    const statuses: number[] = [];
    for (let i = 0; i < WRITE_BUDGETS.moderate.points; i++) statuses.push((await act()).status);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    expect((await act()).status).toBe(429);
  });
});
