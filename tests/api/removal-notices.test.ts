// Every removal path tells the author (docs/product.md §11 "Moderation"): the Posts tab's delete (a
// plain form, and DELETE /api/admin/posts/:id), the review queue (form and JSON) and "Remove last day
// and suspend" (form, and its fetcher) all remove through one model function, which logs the removal,
// keeps it as a decided case the author can appeal, and sends the author the reason with the way to
// appeal and the public log.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, notifications, reportCases } from "#db/schema.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
let admin: ApiUser;
beforeAll(async () => {
  api = await startApiServer();
  admin = await api.user({ isAdmin: true });
});
afterAll(async () => {
  await api?.stop();
});

type Seen = { type: string; message: string; links?: { label: string; href: string }[] };
/** The author's notices as their bell's JSON answers them. */
const noticesOf = async (user: ApiUser) => ((await (await api.fetch("/api/notifications", { user })).json()) as Seen[]).filter((n) => n.type === "content_removed");
const WAY_TO_APPEAL = [
  { label: "Appeal this decision", href: "/account/standing" },
  { label: "Moderation log", href: "/moderation" },
];
const form = (path: string, fields: Record<string, string>, from: string) => api.fetch(path, { method: "POST", user: admin, form: fields, headers: { Referer: `${api.url}${from}` } });

/** The author's standing lists the removal with its appeal form. */
async function appealable(author: ApiUser, label: string) {
  const page = await (await api.fetch("/account/standing", { user: author })).text();
  expect(page).toContain(label);
  const kase = api.db.select().from(reportCases).where(and(eq(reportCases.authorId, author.id), eq(reportCases.targetLabel, label))).get();
  expect(kase).toMatchObject({ status: "resolved", action: "remove" });
  const res = await api.fetch("/account/standing", { method: "POST", user: author, form: { subjectType: "case", subjectId: String(kase!.id), text: "It was a joke, not spam" }, headers: { Referer: `${api.url}/account/standing` } });
  expect(await readToast(res)).toMatchObject({ type: "success", title: expect.stringContaining("Appeal sent") });
}

describe("the Posts tab", () => {
  it("without JavaScript: the confirmed delete tells the author the reason and the way to appeal", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Removed from the Posts tab" });
    const res = await form(`/admin/posts/${post.id}/delete`, { reason: "Off topic, rule 1" }, `/admin/posts?confirm=delete-post-${post.id}`);
    expect(res.status).toBe(303);
    expect(await readToast(res)).toMatchObject({ title: "Post Deleted" });
    expect(await noticesOf(author)).toEqual([
      expect.objectContaining({ message: 'Your post "Removed from the Posts tab" was removed: Off topic, rule 1', links: WAY_TO_APPEAL }),
    ]);
    await appealable(author, "Removed from the Posts tab");
  });

  it("DELETE /api/admin/posts/:id: the same, and without a reason it says only that it was removed", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Removed by the API" });
    expect((await api.fetch(`/api/admin/posts/${post.id}`, { method: "DELETE", user: admin })).status).toBe(200);
    expect((await noticesOf(author)).map((n) => n.message)).toEqual(['Your post "Removed by the API" was removed']);
  });

  it("an open report about the post is decided with it, its reporter told", async () => {
    const [author, reporter] = [await api.user(), await api.user()];
    const post = api.post(author.id, { title: "Reported, then removed from the tab" });
    expect((await api.fetch("/api/reports", { method: "POST", user: reporter, json: { targetType: "post", targetId: post.id, reason: "spam" } })).status).toBe(201);
    expect((await api.fetch(`/api/admin/posts/${post.id}`, { method: "DELETE", user: admin, json: { reason: "Spam" } })).status).toBe(200);
    const told = (await (await api.fetch("/api/notifications", { user: reporter })).json()) as Seen[];
    expect(told.map((n) => n.message)).toEqual(["Thanks for your report: the post was removed"]);
    expect(api.db.select().from(reportCases).where(and(eq(reportCases.targetType, "post"), eq(reportCases.targetId, post.id))).all()).toEqual([expect.objectContaining({ status: "resolved", action: "remove", resolutionReason: "Spam" })]);
  });
});

describe("the review queue", () => {
  const reportAndResolve = async (target: { targetType: "post" | "comment"; targetId: number }, resolve: (caseId: number) => Promise<Response>) => {
    const reporter = await api.user();
    const { caseId } = (await (await api.fetch("/api/reports", { method: "POST", user: reporter, json: { ...target, reason: "spam" } })).json()) as { caseId: number };
    return resolve(caseId);
  };

  it("without JavaScript and by JSON: a removed comment's author is told, once", async () => {
    const [author, writer] = [await api.user(), await api.user()];
    const post = api.post(author.id);
    const byForm = api.db.insert(comments).values({ postId: post.id, userId: writer.id, content: "A comment the queue removes by form" }).returning().get();
    const byJson = api.db.insert(comments).values({ postId: post.id, userId: writer.id, content: "A comment the queue removes by JSON" }).returning().get();
    const res = await reportAndResolve({ targetType: "comment", targetId: byForm.id }, (id) => form(`/admin/reports/${id}/resolve`, { action: "remove", reason: "Spam" }, "/admin/reports"));
    expect(res.status).toBe(303);
    const json = await reportAndResolve({ targetType: "comment", targetId: byJson.id }, (id) => api.fetch(`/api/admin/reports/${id}/resolve`, { method: "POST", user: admin, json: { action: "remove", reason: "Spam" } }));
    expect(json.status).toBe(200);
    expect((await noticesOf(writer)).map((n) => n.message).sort()).toEqual([
      'Your comment "A comment the queue removes by JSON" was removed: Spam',
      'Your comment "A comment the queue removes by form" was removed: Spam',
    ]);
    expect((await noticesOf(writer))[0].links).toEqual(WAY_TO_APPEAL);
  });
});

describe("remove last day and suspend", () => {
  it("without JavaScript and by its fetcher: every removed post and comment tells its author", async () => {
    for (const js of [false, true]) {
      const [spammer, other] = [await api.user(), await api.user()];
      api.post(spammer.id, { title: `A spam post ${js}` });
      const onOther = api.post(other.id);
      api.db.insert(comments).values({ postId: onOther.id, userId: spammer.id, content: `A spam comment ${js}` }).run();
      const res = await form(`/admin/users/${spammer.id}/sweep`, { ...(js ? { _js: "1" } : {}), reason: "Spam wave" }, "/admin/users");
      expect(res.status).toBe(js ? 200 : 303);
      const told = api.db.select().from(notifications).where(and(eq(notifications.userId, spammer.id), eq(notifications.type, "content_removed"))).all();
      expect(told).toHaveLength(2);
      expect((await noticesOf(spammer)).map((n) => n.message).sort()).toEqual([`Your comment "A spam comment ${js}" was removed: Spam wave`, `Your post "A spam post ${js}" was removed: Spam wave`]);
    }
  });
});
