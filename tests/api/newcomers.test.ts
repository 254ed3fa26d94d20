// New accounts earn trust (docs/product.md §11 "Spam"; issue 37): an account a visitor registered has
// smaller budgets, names at most NEWCOMER_MAX_MENTIONS members per comment, and its comments with links
// wait in the queue (its author sees them marked; nobody else, no counter, no notification) until a
// moderator approves them without JavaScript; admins, admin-made and older accounts are trusted, and an
// account that is old enough with enough upvoted items earns it. With NEWCOMER_POSTS_WAIT everything a
// new account writes waits.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, heldItems, moderationLog, notifications, posts, users } from "#db/schema.ts";
import { HELD_LABEL, NEWCOMER_LINK_EDIT, tooManyMentions } from "~/rules/spam-rules.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

const LIMITS = { RATE_LIMIT: "1000/60", SIGNUP_NETWORK_HOURLY: "0", SIGNUP_NETWORK_DAILY: "0", NEWCOMER_COMMENTS_HOURLY: "3", NEWCOMER_FOLLOWS_HOURLY: "2" };
let api: ApiClient;
let waiting: ApiClient;
beforeAll(async () => {
  [api, waiting] = await Promise.all([startApiServer(LIMITS), startApiServer({ ...LIMITS, NEWCOMER_POSTS_WAIT: "true" })]);
});
afterAll(async () => {
  await Promise.all([api?.stop(), waiting?.stop()]);
});

/** A visitor's own registration: a new account, signed in. */
async function newcomer(server = api): Promise<ApiUser> {
  const username = `nc${crypto.randomBytes(5).toString("hex")}`;
  const res = await server.fetch("/api/register", { method: "POST", json: { username, email: `${username}@example.com`, password: "a-good-password" } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))!.split(";")[0];
  return { id, username, cookie };
}
const comment = (server: ApiClient, user: ApiUser, postId: number, content: string) => server.fetch("/api/comments", { method: "POST", user, json: { postId, content } });
const commentsOn = (postId: number) => api.db.select().from(comments).where(eq(comments.postId, postId)).all();
const countOf = (postId: number) => api.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, postId)).get()!.n;
const noticesOf = (userId: number) => api.db.select().from(notifications).where(eq(notifications.userId, userId)).all();

describe("budgets", () => {
  it("a new account comments and follows within its smaller budgets (429 with Retry-After); a member of long standing does not", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const fresh = await newcomer();
    for (let i = 1; i <= 3; i++) expect((await comment(api, fresh, post.id, `Comment number ${i} here`)).status).toBe(201);
    const refused = await comment(api, fresh, post.id, "One comment too many");
    await expectError(refused, 429, /^Too many comments from a new account\. Please wait \d+ seconds and try again\.$/);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The form spends the same budget.
    const form = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: fresh, form: { content: "Through the form" }, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect((await readToast(form))?.description).toMatch(/^Too many comments from a new account\./);

    const old = await api.user();
    for (let i = 1; i <= 5; i++) expect((await comment(api, old, post.id, `Old hand comment ${i}`)).status).toBe(201);

    const targets = await Promise.all([api.user(), api.user(), api.user()]);
    for (const t of targets.slice(0, 2)) expect((await api.fetch(`/api/users/${t.id}/follow`, { method: "POST", user: fresh })).status).toBeLessThan(300);
    await expectError(await api.fetch(`/api/users/${targets[2].id}/follow`, { method: "POST", user: fresh }), 429, /^Too many follows from a new account\./);
  });

  it("a new account names at most NEWCOMER_MAX_MENTIONS (2) members in a comment", async () => {
    const [a, b, c] = await Promise.all([api.user(), api.user(), api.user()]);
    const post = api.post(a.id);
    const fresh = await newcomer();
    await expectError(await comment(api, fresh, post.id, `Hey @${a.username} @${b.username} @${c.username}`), 400, tooManyMentions(2));
    expect(commentsOn(post.id)).toHaveLength(0);
    expect((await comment(api, fresh, post.id, `Hey @${a.username} and @${b.username}`)).status).toBe(201);
    const old = await api.user();
    expect((await comment(api, old, post.id, `Hey @${a.username} @${b.username} @${c.username}`)).status).toBe(201);
  });
});

describe("notifications", () => {
  const bell = async (user: ApiUser) => ((await (await api.fetch("/api/notifications/unread/count", { user })).json()) as { count: number }).count;

  it("a fresh account's comment on my post, reply to my comment, follow, upvote and mention each ring my bell", async () => {
    const me = await api.user();
    const post = api.post(me.id);
    const mine = (await (await comment(api, me, post.id, "My own first comment")).json()) as { id: number };
    const asks = [
      async (fresh: ApiUser) => comment(api, fresh, post.id, "A first comment from a new member"),
      async (fresh: ApiUser) => api.fetch("/api/comments", { method: "POST", user: fresh, json: { postId: post.id, parentId: mine.id, content: "A reply from a new member" } }),
      async (fresh: ApiUser) => api.fetch(`/api/users/${me.id}/follow`, { method: "POST", user: fresh }),
      async (fresh: ApiUser) => api.fetch("/api/votes", { method: "POST", user: fresh, json: { postId: post.id, isUpvote: true } }),
      async (fresh: ApiUser) => comment(api, fresh, api.post((await api.user()).id).id, `Look @${me.username}`),
    ];
    const types: string[] = [];
    for (const ask of asks) {
      const before = await bell(me);
      const res = await ask(await newcomer());
      expect(res.status).toBeLessThan(300);
      expect(await bell(me)).toBe(before + 1);
      types.push(noticesOf(me.id).at(-1)!.type);
    }
    expect(types).toEqual(["comment_on_post", "reply_to_comment", "new_follower", "post_upvote", "mention"]);
  });

  it("while something of a new account waits, its other writes notify nobody; once decided, they do again", async () => {
    const author = await api.user();
    const admin = await api.user({ isAdmin: true });
    const post = api.post(author.id);
    const fresh = await newcomer();
    const { held } = (await (await comment(api, fresh, post.id, "offers at http://waits.example/now")).json()) as { held: { id: number } };
    expect((await api.fetch(`/api/users/${author.id}/follow`, { method: "POST", user: fresh })).status).toBeLessThan(300);
    expect((await api.fetch("/api/votes", { method: "POST", user: fresh, json: { postId: post.id, isUpvote: true } })).status).toBe(200);
    expect(noticesOf(author.id)).toEqual([]);
    await api.fetch(`/admin/held/${held.id}/decide`, { method: "POST", user: admin, form: { decision: "reject" }, headers: { Referer: `${api.url}/admin/reports` } });
    // Refused: it never notifies; the account's next write does.
    expect(noticesOf(author.id)).toEqual([]);
    expect((await comment(api, fresh, post.id, "A plain comment now")).status).toBe(201);
    expect(noticesOf(author.id).map((n) => n.type)).toEqual(["comment_on_post"]);
  });
});

describe("what one new account can cause", () => {
  let capped: ApiClient;
  beforeAll(async () => {
    capped = await startApiServer({ ...LIMITS, NEWCOMER_NOTIFY_DAILY: "3" });
  });
  afterAll(async () => {
    await capped?.stop();
  });

  it("notifies at most NEWCOMER_NOTIFY_DAILY distinct members a day; one already told hears again; a trusted member is not capped", async () => {
    const authors = await Promise.all([1, 2, 3, 4].map(() => capped.user()));
    const postsOf = authors.map((a) => capped.post(a.id));
    const fresh = await newcomer(capped);
    for (const p of postsOf) expect((await capped.fetch("/api/votes", { method: "POST", user: fresh, json: { postId: p.id, isUpvote: true } })).status).toBe(200);
    const told = (userId: number) => capped.db.select().from(notifications).where(eq(notifications.userId, userId)).all().map((n) => n.type);
    expect(authors.map((a) => told(a.id))).toEqual([["post_upvote"], ["post_upvote"], ["post_upvote"], []]);
    expect((await comment(capped, fresh, postsOf[0].id, "Told again, within the cap")).status).toBe(201);
    expect(told(authors[0].id)).toEqual(["post_upvote", "comment_on_post"]);
    expect((await comment(capped, fresh, postsOf[3].id, "A fourth member is past the cap")).status).toBe(201);
    expect(told(authors[3].id)).toEqual([]);
    const old = await capped.user();
    for (const p of postsOf) await capped.fetch("/api/votes", { method: "POST", user: old, json: { postId: p.id, isUpvote: true } });
    expect(told(authors[3].id)).toEqual(["post_upvote"]);
  });
});

describe("a new account's comment with a link waits", () => {
  it("out of every list, counter and notification; its author sees it marked; a moderator approves it without JavaScript", async () => {
    const author = await api.user();
    const admin = await api.user({ isAdmin: true });
    const post = api.post(author.id);
    const fresh = await newcomer();
    const res = await comment(api, fresh, post.id, "Great deals at http://cheap.example/pills");
    expect(res.status).toBe(202);
    const body = (await res.json()) as { pending: boolean; held: { id: number } };
    expect(body.pending).toBe(true);

    expect(commentsOn(post.id)).toHaveLength(0);
    expect(countOf(post.id)).toBe(0);
    expect(noticesOf(author.id)).toHaveLength(0);
    const visitorThread = await (await api.fetch(`/api/posts/${post.id}/comments`)).text();
    expect(visitorThread).not.toContain("cheap.example");
    expect(await (await api.fetch(`/post/${post.id}`, { user: author })).text()).not.toContain("cheap.example");
    const own = await (await api.fetch(`/post/${post.id}`, { user: fresh })).text();
    expect(own).toContain("cheap.example/pills");
    expect(own).toContain(HELD_LABEL);

    // The queue lists it; Approve is a plain form.
    const queue = await (await api.fetch("/admin/reports", { user: admin })).text();
    expect(queue).toContain("cheap.example/pills");
    const approved = await api.fetch(`/admin/held/${body.held.id}/decide`, { method: "POST", user: admin, form: { decision: "approve" }, headers: { Referer: `${api.url}/admin/reports` } });
    expect(approved.status).toBe(303);
    expect((await readToast(approved))?.title).toBe("Comment approved");
    expect(commentsOn(post.id)).toHaveLength(1);
    expect(countOf(post.id)).toBe(1);
    expect(noticesOf(author.id).map((n) => n.type)).toEqual(["comment_on_post"]);
    expect(api.db.select().from(heldItems).where(eq(heldItems.id, body.held.id)).get()).toBeUndefined();
    expect(api.db.select().from(moderationLog).where(and(eq(moderationLog.adminId, admin.id), eq(moderationLog.action, "approve_held"))).all()).toHaveLength(1);
    // Decided once: again is 'already decided'.
    const again = await api.fetch(`/admin/held/${body.held.id}/decide`, { method: "POST", user: admin, form: { decision: "reject" }, headers: { Referer: `${api.url}/admin/reports` } });
    expect((await readToast(again))?.description).toBe("This item was already decided.");
  });

  it("a rejected one is dropped, and a member cannot decide", async () => {
    const author = await api.user();
    const admin = await api.user({ isAdmin: true });
    const post = api.post(author.id);
    const fresh = await newcomer();
    const { held } = (await (await comment(api, fresh, post.id, "visit www.spam.example now")).json()) as { held: { id: number } };
    const member = await api.user();
    expect((await api.fetch(`/admin/held/${held.id}/decide`, { method: "POST", user: member, form: { _js: "1", decision: "approve" }, headers: { Referer: `${api.url}/admin/reports` } })).status).toBe(403);
    await api.fetch(`/admin/held/${held.id}/decide`, { method: "POST", user: admin, form: { decision: "reject" }, headers: { Referer: `${api.url}/admin/reports` } });
    expect(api.db.select().from(heldItems).where(eq(heldItems.id, held.id)).get()).toBeUndefined();
    expect(commentsOn(post.id)).toHaveLength(0);
    expect(noticesOf(author.id)).toEqual([]);
  });

  it("admins and members of long standing are trusted; a new account earns trust with age and upvoted items", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    expect((await comment(api, await api.user({ isAdmin: true }), post.id, "see https://example.org")).status).toBe(201);
    expect((await comment(api, author, post.id, "see https://example.org")).status).toBe(201);

    const fresh = await newcomer();
    // Three upvoted comments, but a day old: still new.
    for (let i = 0; i < 3; i++) api.db.insert(comments).values({ postId: post.id, userId: fresh.id, content: `A liked comment ${i}`, upvotes: 1 }).run();
    expect((await comment(api, fresh, post.id, "see https://example.org")).status).toBe(202);
    // Old enough (TRUST_MIN_DAYS, 3) as well: trusted for good, its link goes straight to the site.
    api.db.update(users).set({ createdAt: new Date(Date.now() - 4 * 86_400_000) }).where(eq(users.id, fresh.id)).run();
    expect((await comment(api, fresh, post.id, "see https://example.org")).status).toBe(201);
    expect(api.db.select({ newcomer: users.newcomer }).from(users).where(eq(users.id, fresh.id)).get()!.newcomer).toBe(false);
  });

  it("old enough but with fewer upvoted items, an account is still new", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const fresh = await newcomer();
    api.db.insert(comments).values({ postId: post.id, userId: fresh.id, content: "One liked comment", upvotes: 1 }).run();
    api.db.update(users).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.id, fresh.id)).run();
    expect((await comment(api, fresh, post.id, "see https://example.org")).status).toBe(202);
  });
});

describe("NEWCOMER_POSTS_WAIT", () => {
  it("everything a new account writes waits; a member of long standing's does not", async () => {
    const author = await waiting.user();
    const post = waiting.post(author.id);
    const fresh = await newcomer(waiting);
    expect((await comment(waiting, fresh, post.id, "Just a friendly hello")).status).toBe(202);
    expect(commentsOn(post.id)).toHaveLength(0);
    expect((await comment(waiting, author, post.id, "Just a friendly hello")).status).toBe(201);
  });

  it("a waiting post reserves no quote key; approving it after the same quote was shared is refused and it keeps waiting", async () => {
    const quote = `Held and then shared ${crypto.randomBytes(4).toString("hex")}`;
    const share = (user: ApiUser) =>
      waiting.fetch("/api/posts", { method: "POST", user, json: { title: "A held quote", comment: quote, commentAuthor: "@x", category: "Comedy", videoId: "dQw4w9WgXcQ" } });
    const fresh = await newcomer(waiting);
    const held = await share(fresh);
    expect(held.status).toBe(202);
    const { held: item } = (await held.json()) as { held: { id: number } };
    // Not on the site: another member may share the same quote meanwhile.
    expect((await share(await waiting.user())).status).toBe(201);
    const admin = await waiting.user({ isAdmin: true });
    const decided = await waiting.fetch(`/admin/held/${item.id}/decide`, { method: "POST", user: admin, form: { decision: "approve" }, headers: { Referer: `${waiting.url}/admin/reports` } });
    expect((await readToast(decided))?.description).toBe("Already shared: this comment is on Chortle already.");
    expect(waiting.db.select().from(heldItems).where(eq(heldItems.id, item.id)).get()).toBeDefined();
    expect(waiting.db.select().from(posts).where(eq(posts.comment, quote)).all()).toHaveLength(1);
  });
});

describe("edits", () => {
  it("a new account cannot add a link by editing its comment (JSON and form); a trusted member can, and a link already there may stay", async () => {
    const post = api.post((await api.user()).id);
    const fresh = await newcomer();
    const made = await comment(api, fresh, post.id, "A plain first comment");
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    await expectError(await api.fetch(`/api/comments/${id}`, { method: "PATCH", user: fresh, json: { content: "Deals at cheap.example.com now" } }), 403, NEWCOMER_LINK_EDIT);
    expect(commentsOn(post.id).find((c) => c.id === id)?.content).toBe("A plain first comment");
    // Text without a link is edited as ever (each edit spends the small comment budget: 3 an hour here).
    expect((await api.fetch(`/api/comments/${id}`, { method: "PATCH", user: fresh, json: { content: "A plain comment, edited" } })).status).toBe(200);
    // The page's form, without JavaScript: the same refusal, as its toast.
    const other = await newcomer();
    const second = (await (await comment(api, other, post.id, "Another plain comment")).json()) as { id: number };
    const form = await api.fetch(`/comments/${second.id}/edit`, { method: "POST", user: other, form: { content: "Deals at http://cheap.example/x" }, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect((await readToast(form))?.description).toBe(NEWCOMER_LINK_EDIT);
    expect(commentsOn(post.id).find((c) => c.id === second.id)?.content).toBe("Another plain comment");

    const old = await api.user();
    const theirs = (await (await comment(api, old, post.id, "An old hand's comment")).json()) as { id: number };
    expect((await api.fetch(`/api/comments/${theirs.id}`, { method: "PATCH", user: old, json: { content: "See www.example.org for more" } })).status).toBe(200);
  });
});
