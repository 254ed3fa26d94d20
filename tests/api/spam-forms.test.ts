// Forms that bots fill and people do not (docs/product.md §11 "Spam", issue 37): the honeypot of the
// sign-up, share and comment forms and the sign-up form's signed time stamp, each checked by the route
// contract's `botTrap` against a server whose minimum fill time is on (2 s here, 3 s by default).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, posts, users } from "#db/schema.ts";
import { DRAWN_FIELD, HONEYPOT_FIELD, HONEYPOT_MESSAGE, STAMP_UNREADABLE_MESSAGE, TOO_QUICK_MESSAGE } from "~/rules/form-guard.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer({ SIGNUP_MIN_SECONDS: "2" });
});
afterAll(async () => {
  await api?.stop();
});

let n = 0;
const account = () => {
  const username = `hp${process.pid % 1000}x${++n}${Date.now() % 1000}`;
  return { username, email: `${username}@example.com`, password: "a-good-password" };
};
const from = (path: string) => ({ Referer: `${api.url}${path}` });
const made = (username: string) => api.db.select().from(users).where(eq(users.username, username)).get();
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

/** The stamp of a sign-up form as the page draws it. */
async function drawnStamp(html?: string): Promise<string> {
  const page = html ?? (await (await api.fetch("/auth?signup=true")).text());
  const stamp = page.match(new RegExp(`name="${DRAWN_FIELD}" value="([^"]+)"`))?.[1];
  expect(stamp, "the sign-up form carries its stamp").toBeTruthy();
  return stamp!;
}

const register = (fields: Record<string, string>) => api.fetch("/auth", { method: "POST", form: { intent: "register", redirectTo: "/", [HONEYPOT_FIELD]: "", ...fields }, headers: from("/auth?signup=true") });

describe("the sign-up form", () => {
  it("draws a honeypot nobody sees, hears or tabs to, and a signed stamp", async () => {
    const page = await (await api.fetch("/auth?signup=true")).text();
    const trap = page.match(/<div aria-hidden="true"[^>]*>\s*<label>[^<]*<input[^>]*name="homepage"[^>]*>/)?.[0];
    expect(trap, "the honeypot sits in an aria-hidden box").toBeTruthy();
    expect(trap).toContain('tabindex="-1"');
    expect(trap).toMatch(/autocomplete="off"/i);
    expect(await drawnStamp(page)).toMatch(/^\d+\.[\w-]{16}\.[\w-]{43}$/);
  });

  it("refuses a filled honeypot with a message, and makes no account", async () => {
    const input = account();
    const res = await register({ ...input, [DRAWN_FIELD]: await drawnStamp(), [HONEYPOT_FIELD]: "http://spam.example" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(escaped(HONEYPOT_MESSAGE));
    expect(made(input.username)).toBeUndefined();
  });

  it("refuses a form sent sooner than a person fills it; pressing again with the re-drawn form gets through", async () => {
    const input = account();
    const quick = await register({ ...input, [DRAWN_FIELD]: await drawnStamp() });
    expect(quick.status).toBe(400);
    const page = await quick.text();
    expect(page).toContain(escaped(TOO_QUICK_MESSAGE));
    expect(made(input.username)).toBeUndefined();
    // What was typed stays (the password aside), and the form carries a stamp that passes at once.
    expect(page).toContain(`value="${input.username}"`);
    const again = await register({ ...input, [DRAWN_FIELD]: await drawnStamp(page) });
    expect(again.status).toBe(303);
    expect(made(input.username)).toBeDefined();
  });

  it("refuses a missing or forged stamp with a message, and takes a form that was on screen long enough", async () => {
    const input = account();
    for (const drawn of [null, "123.abc", `${Math.floor(Date.now() / 1000) - 60}.${"A".repeat(43)}`]) {
      const res = await register({ ...input, ...(drawn === null ? {} : { [DRAWN_FIELD]: drawn }) });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(escaped(STAMP_UNREADABLE_MESSAGE));
    }
    expect(made(input.username)).toBeUndefined();
    const stamp = await drawnStamp();
    await new Promise((r) => setTimeout(r, 2100));
    expect((await register({ ...input, [DRAWN_FIELD]: stamp })).status).toBe(303);
    expect(made(input.username)).toBeDefined();
  });

  it("one stamp, one sign-up: a refused form's retry stamp makes one account, not one per session (issue 45, finding 6)", async () => {
    const quick = await register({ ...account(), [DRAWN_FIELD]: await drawnStamp() });
    expect(quick.status).toBe(400);
    const retry = await drawnStamp(await quick.text());
    const [one, two, three] = [account(), account(), account()];
    // Each from a new session (no cookie): the stamp, not the session, is what is spent.
    expect((await register({ ...one, [DRAWN_FIELD]: retry })).status).toBe(303);
    expect(made(one.username)).toBeDefined();
    for (const input of [two, three]) {
      const again = await register({ ...input, [DRAWN_FIELD]: retry });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain(escaped(STAMP_UNREADABLE_MESSAGE));
      expect(made(input.username)).toBeUndefined();
    }
  });

  it("POST /api/register has no form to draw, but refuses the filled honeypot as the form does", async () => {
    const input = account();
    const trapped = await api.fetch("/api/register", { method: "POST", json: { ...input, [HONEYPOT_FIELD]: "spam" } });
    expect(trapped.status).toBe(400);
    expect(((await trapped.json()) as { message: string }).message).toBe(HONEYPOT_MESSAGE);
    expect(made(input.username)).toBeUndefined();
    expect((await api.fetch("/api/register", { method: "POST", json: { ...input, [HONEYPOT_FIELD]: "" } })).status).toBe(201);
    expect((await api.fetch("/api/register", { method: "POST", json: account() })).status).toBe(201);
  });
});

describe("the comment and share forms", () => {
  it("a comment or reply with the honeypot filled is refused (no JS: back with the message; a fetcher: 400) and nothing is written", async () => {
    const member = await api.user();
    const post = api.post(member.id);
    const count = () => api.db.select().from(comments).where(eq(comments.postId, post.id)).all().length;
    const noJs = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: member, form: { content: "Buy cheap pills", [HONEYPOT_FIELD]: "x" }, headers: from(`/post/${post.id}`) });
    expect(noJs.status).toBe(303);
    const js = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: member, form: { _js: "1", content: "Buy cheap pills", [HONEYPOT_FIELD]: "x" }, headers: from(`/post/${post.id}`) });
    expect(js.status).toBe(400);
    expect(JSON.stringify(await js.json())).toContain(HONEYPOT_MESSAGE);
    expect(count()).toBe(0);
    // Comments are not timed (people paste): the empty honeypot goes through at once.
    const ok = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: member, form: { content: "A fine comment", [HONEYPOT_FIELD]: "" }, headers: from(`/post/${post.id}`) });
    expect(ok.status).toBe(303);
    expect(count()).toBe(1);
  });

  it("the share dialog's form with the honeypot filled is refused and makes no post", async () => {
    const member = await api.user();
    const before = api.db.select().from(posts).where(eq(posts.userId, member.id)).all().length;
    const fields = { page: "/", url: "https://youtu.be/dQw4w9WgXcQ", title: "Spam title", text: "Spam", author: "@spam", cat: "Comedy", intent: "create" };
    const res = await api.fetch("/share", { method: "POST", user: member, form: { ...fields, [HONEYPOT_FIELD]: "x" }, headers: from("/") });
    expect(res.status).toBe(400);
    expect(api.db.select().from(posts).where(eq(posts.userId, member.id)).all().length).toBe(before);
    const next = await api.fetch("/share", { method: "POST", user: member, form: { ...fields, intent: "back", [HONEYPOT_FIELD]: "" }, headers: from("/") });
    expect(next.status).toBe(303);
  });
});
