// The public moderation log over HTTP: /moderation as a browser without JavaScript gets it, GET
// /api/moderation and /moderation/feed.xml, each showing every kind of action seeded through the
// admin routes; a reporter is never named, removed text never shown again; filters are the URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../support/unit-factories.ts";
import { createComment } from "~/models/comment.server.ts";
import { logEndedSuspensions, suspendUser } from "~/models/moderation/suspension.server.ts";
import { ApiClient, startApiServer, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

const REPORTER = "tattler_q7z";
const REMOVED_TITLE = "Forbidden title wxq";
const REMOVED_COMMENT = "forbidden comment words wxq";

let api: ApiClient;
let admin: ApiUser;
let author: ApiUser;
let reporter: ApiUser;

type Entry = { kind: string; text: string; title: string; category: string | null; reason: string | null; actor: { role: string; name: string | null }; reports: number | null };

beforeAll(async () => {
  api = await startApiServer();
  admin = await api.user({ isAdmin: true });
  author = await api.user();
  reporter = await api.signIn(makeUser({ username: REPORTER }));
  const asAdmin = (path: string, method: string, json?: unknown) => api.fetch(path, { method, user: admin, json });
  const caseOf = async (targetType: string, targetId: number) => {
    const list = (await (await api.fetch("/api/admin/reports?status=open", { user: admin })).json()) as { cases: { id: number; targetType: string; targetId: number }[] };
    return list.cases.find((c) => c.targetType === targetType && c.targetId === targetId)!.id;
  };
  const reportIt = (targetType: string, targetId: number) =>
    api.fetch("/api/reports", { method: "POST", user: reporter, json: { targetType, targetId, reason: "spam", note: `reported by ${REPORTER}` } });

  const doomed = api.post(author.id, { title: REMOVED_TITLE, category: "Music" });
  const host = api.post(author.id, { title: "A post that stays wxq", category: "Comedy" });
  const comment = createComment({ userId: author.id, postId: host.id, content: REMOVED_COMMENT });
  const tabbed = api.post(author.id, { title: "Posts tab wxq", category: "Music" });

  await reportIt("post", doomed.id);
  expect((await asAdmin(`/api/admin/reports/${await caseOf("post", doomed.id)}/resolve`, "POST", { action: "remove", reason: "Spam links" })).status).toBe(200);
  await reportIt("comment", comment.id);
  expect((await asAdmin(`/api/admin/reports/${await caseOf("comment", comment.id)}/resolve`, "POST", { action: "remove", reason: "Rude words" })).status).toBe(200);
  await reportIt("post", host.id);
  expect((await asAdmin(`/api/admin/reports/${await caseOf("post", host.id)}/resolve`, "POST", { action: "dismiss", reason: "Fine by the rules" })).status).toBe(200);
  expect((await asAdmin(`/api/admin/posts/${tabbed.id}`, "DELETE")).status).toBe(200);
  const promoted = await api.user();
  expect((await asAdmin(`/api/admin/users/${promoted.id}/toggle-admin`, "POST")).status).toBe(200);
  expect((await asAdmin(`/api/admin/users/${author.id}/suspend`, "POST", { reason: "Cooling off", until: null })).status).toBe(200);
  expect((await asAdmin(`/api/admin/users/${author.id}/suspension`, "DELETE")).status).toBe(200);
  // A suspension whose end date has come: the maintenance pass logs it.
  const brief = await api.user();
  const past = new Date(Date.now() - 120_000);
  suspendUser({ actorId: admin.id, userId: brief.id, reason: "A minute off", until: new Date(past.getTime() + 60_000), now: past });
  expect(logEndedSuspensions()).toBeGreaterThanOrEqual(1);
});
afterAll(async () => {
  await api?.stop();
});

const KIND_TEXTS = ["Deleted post", "Deleted comment", "Dismissed a report", "Granted admin", "Suspended user", "Lifted suspension", "Suspension ended"];

describe("every kind of action, in every form", () => {
  it("the page without JavaScript, the JSON and the feed each show every kind, never the reporter, never removed text", async () => {
    const page = await api.fetch("/moderation");
    expect(page.status).toBe(200);
    const html = await page.text();
    const json = (await (await api.fetch("/api/moderation?limit=100")).json()) as { entries: Entry[]; next: number | null };
    const feed = await api.fetch("/moderation/feed.xml");
    expect(feed.headers.get("content-type")).toMatch(/atom\+xml/);
    const xml = await feed.text();
    // The reporter's name is in the database (their account, their note): a log that showed it would fail here.
    expect(JSON.stringify(api.db.$client.prepare("SELECT note FROM reports").all())).toContain(REPORTER);
    for (const body of [html, JSON.stringify(json), xml]) {
      for (const text of KIND_TEXTS) expect(body).toContain(text);
      expect(body).toContain("[removed]");
      expect(body).toContain("Spam links");
      expect(body.toLowerCase()).not.toContain(REPORTER);
      expect(body).not.toContain(REMOVED_TITLE);
      expect(body).not.toContain(REMOVED_COMMENT);
    }
    expect(html).toContain('href="/moderation"');
    expect(html).toContain('href="/moderation/feed.xml"');
    const removal = json.entries.find((e) => e.reason === "Spam links")!;
    expect(removal).toMatchObject({ kind: "removal", title: "[removed]", category: "Music", reports: 1, actor: { role: "admin", name: admin.username } });
    expect(json.entries.find((e) => e.reason === "Fine by the rules")).toMatchObject({ kind: "report", title: "A post that stays wxq", category: "Comedy" });
    expect(json.entries.find((e) => e.text === "Suspension ended")).toMatchObject({ actor: { role: "site", name: null } });
  });

  it("filters by category and kind in the URL (page, JSON, feed alike); the page is lenient, the JSON strict", async () => {
    const json = (await (await api.fetch("/api/moderation?kind=removal&category=music")).json()) as { entries: Entry[] };
    expect(json.entries.length).toBeGreaterThanOrEqual(2);
    expect(json.entries.every((e) => e.kind === "removal" && e.category === "Music")).toBe(true);
    const html = await (await api.fetch("/moderation?kind=suspension_end&category=")).text();
    expect(html).toContain("Lifted suspension");
    expect(html).not.toContain("Deleted post");
    const xml = await (await api.fetch("/moderation/feed.xml?kind=role")).text();
    expect(xml).toContain("Granted admin");
    expect(xml).not.toContain("Suspended user");
    await expectError(await api.fetch("/api/moderation?kind=explode"), 400, /kind must be one of/);
    await expectError(await api.fetch("/api/moderation?limit=1000"), 400, /limit must be at most 100/);
    expect((await api.fetch("/moderation?kind=explode&before=abc")).status).toBe(200);
  });

  it("pages by ?before= with no overlap", async () => {
    const first = (await (await api.fetch("/api/moderation?limit=2")).json()) as { entries: { id: number }[]; next: number };
    const second = (await (await api.fetch(`/api/moderation?limit=2&before=${first.next}`)).json()) as { entries: { id: number }[] };
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    // The page: older than the removal of the "Spam links" post, nothing; a link back to the newest.
    const html = await (await api.fetch(`/moderation?before=${second.entries[0]!.id}`)).text();
    expect(html).not.toContain(`id="entry-${first.entries[0]!.id}"`);
    expect(html).toContain('href="/moderation"');
    expect(html).toContain(">Newest<");
  });
});
