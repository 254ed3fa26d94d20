// One rule, one answer: the same bad input sent to a write's HTML form action (no JavaScript: 303
// back with a flash toast, or the dialog re-rendered with the field's message; with a fetcher: the
// status and message as data) and to its JSON endpoint (4xx {message}) is refused with the same
// message. One table per write: vote, comment, reply, save, delete post, delete comment, share.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, startYouTubeFake, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { ApiClient, readToast, type ApiUser, type Call } from "../support/api-client.ts";
import { startServer } from "../support/server.ts";

let fake: YouTubeFake;
let api: ApiClient;
let alice: ApiUser; // owns the posts and comments
let bob: ApiUser; // acts

beforeAll(async () => {
  fake = await startYouTubeFake();
  const secret = crypto.randomBytes(24).toString("hex");
  const env = { SESSION_SECRET: secret, DATABASE_PATH: process.env.DATABASE_PATH!, YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY, YOUTUBE_API_BASE_URL: fake.apiBaseUrl, YOUTUBE_OEMBED_URL: fake.oembedUrl };
  api = new ApiClient(await startServer(env), secret);
  alice = await api.user();
  bob = await api.user();
});
afterAll(async () => {
  await api?.stop();
  await fake?.stop();
});

/** What a person (or a client) is told. */
type Told = { status: number; message: string };

/** docs/product.md §6 / §7: a visitor is sent to sign in (forms) or told 401 (JSON), each in its own words. */
const SIGN_IN = { form: "Authentication required", json: "Authentication required. Please log in." };
const NOT_YOURSELF = "You can only act as yourself.";

async function jsonTold(res: Response): Promise<Told> {
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

/**
 * The no-JS answer of a form: a plain 403 for a tampered userId; else 303 with a flash toast (its
 * description is the message; a redirect to /auth says "sign in" by its title); else 303 back to a
 * page that shows the message in a field error or alert (the share dialog).
 */
async function formTold(res: Response, user: ApiUser | null): Promise<{ message: string; signIn?: boolean; status?: number }> {
  if (res.status === 403) return { status: 403, message: await res.text() };
  expect(res.status).toBe(303);
  const location = res.headers.get("location") ?? "";
  const toast = await readToast(res);
  if (location.startsWith("/auth?")) {
    expect(new URL(location, api.url).searchParams.get("redirectTo")).toMatch(/^\//);
    return { signIn: true, message: toast?.title ?? "" };
  }
  if (toast) {
    expect(toast.type).toBe("error");
    return { message: toast.description ?? toast.title };
  }
  const page = await api.fetch(location, { user });
  expect(page.status).toBe(200);
  const html = await page.text();
  const shown = [...html.matchAll(/<p[^>]*(?:role="alert"|id="share-[a-z]+-error")[^>]*>([^<]+)<\/p>/g)].map((m) => m[1]);
  return { message: shown.join(" | ") };
}

/** The same form sent by a fetcher (hidden _js=1): the status and message as data. */
async function fetcherTold(res: Response): Promise<Told> {
  const body = (await res.json()) as { ok: boolean; message: string };
  expect(body.ok).toBe(false);
  return { status: res.status, message: body.message };
}

type Row = {
  name: string;
  /** The request of each path; `user` undefined means bob. */
  form: Call & { path: string };
  json: Call & { path: string };
  /** The answer both give, or per path where docs/product.md words them differently. */
  status: number;
  message: string | { form: string; json: string };
  /** The form has no fetcher variant (the share dialog is a plain form). */
  noFetcher?: boolean;
};

const send = ({ path, ...call }: Call & { path: string }, extra: Partial<Call> = {}) =>
  api.fetch(path, { method: "POST", user: bob, ...call, ...extra });

/** Every row against both paths (and the fetcher), then checks that nothing was written. */
function runTable(rows: () => Row[], unchanged: () => void) {
  it("the same bad input gets the same answer on the form path and the JSON path", async () => {
    for (const row of rows()) {
      const formMessage = typeof row.message === "string" ? row.message : row.message.form;
      const jsonMessage = typeof row.message === "string" ? row.message : row.message.json;
      const user = row.form.user === undefined ? bob : row.form.user;

      const json = await jsonTold(await send(row.json));
      expect(json, `${row.name}: JSON`).toEqual({ status: row.status, message: jsonMessage });

      const form = await formTold(await send(row.form), user);
      if (row.status === 401) expect(form, `${row.name}: form`).toEqual({ signIn: true, message: formMessage });
      else if (formMessage === NOT_YOURSELF) expect(form, `${row.name}: form`).toEqual({ status: 403, message: formMessage });
      else expect(form.message, `${row.name}: form`).toBe(formMessage);

      if (!row.noFetcher && formMessage !== NOT_YOURSELF) {
        const fetcher = await fetcherTold(await send(row.form, { form: { ...row.form.form, _js: "1" } }));
        // A visitor's fetcher is told to sign in, in the form's toast words.
        const expected = row.status === 401 ? "Please sign in to interact with comments." : formMessage;
        expect(fetcher, `${row.name}: fetcher`).toEqual({ status: row.status, message: expected });
      }
    }
    unchanged();
  });
}

// Alice's post and comment (bob acts on them), and a comment of hers on another post.
let fx: { post: { id: number }; otherPost: { id: number }; comment: { id: number }; otherComment: { id: number } };
beforeAll(async () => {
  const post = api.post(alice.id);
  const otherPost = api.post(alice.id);
  const comment = async (postId: number, content: string) =>
    (await (await api.fetch("/api/comments", { method: "POST", user: alice, json: { postId, content } })).json()) as { id: number };
  fx = { post, otherPost, comment: await comment(post.id, "a comment by alice"), otherComment: await comment(otherPost.id, "on another post") };
});
const fixtures = () => fx;
const count = (query: ReturnType<typeof sql>) => api.db.get<{ n: number }>(query)!.n;

describe("vote", () => {
  const rows = (): Row[] => {
    const { post } = fixtures();
    const form = (id: number | string, fields: Record<string, string> = { direction: "up" }) => ({ path: `/post/${id}/vote`, form: fields });
    const json = (body: unknown) => ({ path: "/api/votes", json: body });
    return [
      { name: "signed out", form: { ...form(post.id), user: null }, json: { ...json({ postId: post.id, isUpvote: true }), user: null }, status: 401, message: SIGN_IN },
      { name: "someone else's userId", form: form(post.id, { direction: "up", userId: String(alice.id) }), json: json({ postId: post.id, isUpvote: true, userId: alice.id }), status: 403, message: NOT_YOURSELF },
      { name: "a post that does not exist", form: form(999_999), json: json({ postId: 999_999, isUpvote: true }), status: 404, message: "Post not found" },
      // The direction is a field of its own on each path (docs/product.md §7's isUpvote; the form's buttons).
      { name: "no direction", form: form(post.id, {}), json: json({ postId: post.id }), status: 400, message: { form: "Choose up or down", json: "isUpvote must be true or false" } },
      { name: "a direction of the wrong type", form: form(post.id, { direction: "sideways" }), json: json({ postId: post.id, isUpvote: "yes" }), status: 400, message: { form: "Choose up or down", json: "isUpvote must be true or false" } },
    ];
  };
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM votes WHERE user_id IN (${alice.id}, ${bob.id})`)).toBe(0));
});

describe("comment", () => {
  const rows = (): Row[] => {
    const { post } = fixtures();
    const form = (id: number | string, fields: Record<string, string>) => ({ path: `/post/${id}/comments`, form: fields });
    const json = (body: unknown) => ({ path: "/api/comments", json: body });
    const ok = "A perfectly good comment";
    return [
      { name: "signed out", form: { ...form(post.id, { content: ok }), user: null }, json: { ...json({ postId: post.id, content: ok }), user: null }, status: 401, message: SIGN_IN },
      { name: "someone else's userId", form: form(post.id, { content: ok, userId: String(alice.id) }), json: json({ postId: post.id, content: ok, userId: alice.id }), status: 403, message: NOT_YOURSELF },
      { name: "a post that does not exist", form: form(999_999, { content: ok }), json: json({ postId: 999_999, content: ok }), status: 404, message: "Post not found" },
      { name: "too short", form: form(post.id, { content: "abcd" }), json: json({ postId: post.id, content: "abcd" }), status: 400, message: "Comment too short" },
      { name: "too long", form: form(post.id, { content: "c".repeat(1001) }), json: json({ postId: post.id, content: "c".repeat(1001) }), status: 400, message: "Comment must be at most 1000 characters" },
    ];
  };
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM comments WHERE user_id = ${bob.id}`)).toBe(0));
});

describe("reply", () => {
  const rows = (): Row[] => {
    const { post, comment, otherComment } = fixtures();
    const form = (fields: Record<string, string>) => ({ path: `/post/${post.id}/comments`, form: fields });
    const json = (body: Record<string, unknown>) => ({ path: "/api/comments", json: { postId: post.id, ...body } });
    const ok = "Fine reply";
    const parent = String(comment.id);
    return [
      { name: "signed out", form: { ...form({ content: ok, parentId: parent }), user: null }, json: { ...json({ content: ok, parentId: comment.id }), user: null }, status: 401, message: SIGN_IN },
      { name: "someone else's userId", form: form({ content: ok, parentId: parent, userId: String(alice.id) }), json: json({ content: ok, parentId: comment.id, userId: alice.id }), status: 403, message: NOT_YOURSELF },
      { name: "a bad parent id", form: form({ content: ok, parentId: "007" }), json: json({ content: ok, parentId: "007" }), status: 400, message: "Invalid id" },
      { name: "a parent id of the wrong type", form: form({ content: ok, parentId: "abc" }), json: json({ content: ok, parentId: true }), status: 400, message: "Invalid id" },
      { name: "a parent that does not exist", form: form({ content: ok, parentId: "999999" }), json: json({ content: ok, parentId: 999_999 }), status: 404, message: "Comment not found" },
      { name: "a parent on another post", form: form({ content: ok, parentId: String(otherComment.id) }), json: json({ content: ok, parentId: otherComment.id }), status: 404, message: "Comment not found" },
      { name: "too short", form: form({ content: "ab", parentId: parent }), json: json({ content: "ab", parentId: comment.id }), status: 400, message: "Reply too short" },
      { name: "too long", form: form({ content: "r".repeat(501), parentId: parent }), json: json({ content: "r".repeat(501), parentId: comment.id }), status: 400, message: "Reply must be at most 500 characters" },
    ];
  };
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM comments WHERE parent_id IS NOT NULL OR user_id = ${bob.id}`)).toBe(0));
});

describe("save", () => {
  const rows = (): Row[] => {
    const { post } = fixtures();
    const form = (id: number | string, fields: Record<string, string> = { intent: "save" }) => ({ path: `/post/${id}/save`, form: fields });
    const json = (id: number | string, body?: unknown) => ({ path: `/api/posts/${id}/save`, ...(body === undefined ? {} : { json: body }) });
    return [
      { name: "signed out", form: { ...form(post.id), user: null }, json: { ...json(post.id), user: null }, status: 401, message: SIGN_IN },
      { name: "someone else's userId", form: form(post.id, { intent: "save", userId: String(alice.id) }), json: json(post.id, { userId: alice.id }), status: 403, message: NOT_YOURSELF },
      { name: "a bad id", form: form("007"), json: json("007"), status: 404, message: "Post not found" },
      { name: "an id of the wrong type", form: form("abc"), json: json("abc"), status: 404, message: "Post not found" },
      { name: "a post that does not exist", form: form(999_999), json: json(999_999), status: 404, message: "Post not found" },
    ];
  };
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM saves WHERE user_id = ${bob.id}`)).toBe(0));
});

describe("delete post", () => {
  const rows = (): Row[] => {
    const { post } = fixtures();
    const form = (id: number | string, fields: Record<string, string> = {}) => ({ path: `/post/${id}/delete`, form: fields });
    const json = (id: number | string, body?: unknown) => ({ path: `/api/posts/${id}`, method: "DELETE", ...(body === undefined ? {} : { json: body }) });
    return [
      { name: "signed out", form: { ...form(post.id), user: null }, json: { ...json(post.id), user: null }, status: 401, message: SIGN_IN },
      { name: "someone else's userId", form: form(post.id, { userId: String(alice.id) }), json: json(post.id, { userId: alice.id }), status: 403, message: NOT_YOURSELF },
      { name: "someone else's post", form: form(post.id), json: json(post.id), status: 403, message: "You can only delete your own posts." },
      { name: "a bad id", form: form("007"), json: json("007"), status: 404, message: "Post not found" },
      { name: "a post that does not exist", form: form(999_999), json: json(999_999), status: 404, message: "Post not found" },
    ];
  };
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM posts WHERE id = ${fx.post.id}`)).toBe(1));
});

describe("delete comment", () => {
  const rows = (): Row[] => {
    const { comment } = fixtures();
    const form = (id: number | string, fields: Record<string, string> = {}) => ({ path: `/comments/${id}/delete`, form: fields });
    const json = (id: number | string, body?: unknown) => ({ path: `/api/comments/${id}`, method: "DELETE", ...(body === undefined ? {} : { json: body }) });
    return [
      { name: "signed out", form: { ...form(comment.id), user: null }, json: { ...json(comment.id), user: null }, status: 401, message: SIGN_IN },
      { name: "someone else's userId", form: form(comment.id, { userId: String(alice.id) }), json: json(comment.id, { userId: alice.id }), status: 403, message: NOT_YOURSELF },
      { name: "someone else's comment", form: form(comment.id), json: json(comment.id), status: 403, message: "You can only delete your own comments." },
      { name: "a bad id", form: form("1e3"), json: json("1e3"), status: 404, message: "Comment not found" },
      { name: "a comment that does not exist", form: form(999_999), json: json(999_999), status: 404, message: "Comment not found" },
    ];
  };
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM comments WHERE id = ${fx.comment.id} AND deleted_at IS NULL`)).toBe(1));
});

describe("share", () => {
  // The dialog's form sends its own names (url, text, author, cat); the API docs/product.md §7's.
  type Share = { title?: string; comment?: string; commentAuthor?: string; category?: string; videoId?: string };
  const good: Share = { title: "A fine title", comment: "So funny", commentAuthor: "@someone", category: "Comedy", videoId: FAKE_VIDEOS.short };
  const form = (change: Share = {}, extra: Record<string, string> = {}) => {
    const v = { ...good, ...change };
    const url = v.videoId === undefined ? "" : `https://youtu.be/${v.videoId}`;
    const fields: Record<string, string> = { intent: "create", page: "/", url, title: v.title ?? "", text: v.comment ?? "", author: v.commentAuthor ?? "", cat: v.category ?? "", ...extra };
    return { path: "/share", form: fields };
  };
  const json = (change: Record<string, unknown> = {}) => ({ path: "/api/posts", json: { ...good, ...change } });
  const rows = (): Row[] => [
    { name: "signed out", form: { ...form(), user: null }, json: { ...json(), user: null }, status: 401, message: { form: "Authentication Required", json: SIGN_IN.json } },
    { name: "someone else's userId", form: form({}, { userId: String(alice.id) }), json: json({ userId: alice.id }), status: 403, message: NOT_YOURSELF },
    { name: "no title", form: form({ title: "" }), json: json({ title: undefined }), status: 400, message: "Please enter a post title." },
    { name: "a title too short", form: form({ title: "ab" }), json: json({ title: "ab" }), status: 400, message: "Title must be at least 3 characters." },
    { name: "a title too long", form: form({ title: "t".repeat(201) }), json: json({ title: "t".repeat(201) }), status: 400, message: "Title must be at most 200 characters." },
    { name: "no comment", form: form({ comment: "  " }), json: json({ comment: "  " }), status: 400, message: "Please fill out all fields." },
    { name: "a comment too long", form: form({ comment: "c".repeat(501) }), json: json({ comment: "c".repeat(501) }), status: 400, message: "Comment must be at most 500 characters." },
    { name: "no category", form: form({ category: "" }), json: json({ category: undefined }), status: 400, message: "Please fill out all fields." },
    { name: "a category that does not exist", form: form({ category: "Cats" }), json: json({ category: "Cats" }), status: 400, message: "Please choose one of the categories." },
    { name: "no video", form: form({ videoId: undefined }), json: json({ videoId: undefined }), status: 400, message: "Please enter a valid YouTube video URL." },
    { name: "a video YouTube does not know", form: form({ videoId: FAKE_VIDEOS.missing }), json: json({ videoId: FAKE_VIDEOS.missing }), status: 400, message: "Please enter a valid YouTube video URL." },
    { name: "YouTube failing", form: form({ videoId: FAKE_VIDEOS.broken }), json: json({ videoId: FAKE_VIDEOS.broken }), status: 503, message: "Failed to fetch video details" },
  ].map((row) => ({ ...row, noFetcher: true }));
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM posts WHERE user_id IN (${alice.id}, ${bob.id}) AND title <> 'An API test post'`)).toBe(0));

  it("the title too long is refused by the one rule, not cut short by the form's URL state", async () => {
    // The dialog keeps up to 300 characters of the title in its URL; the rule (200) decides.
    const res = await send(form({ title: "t".repeat(250) }));
    expect((await formTold(res, bob)).message).toBe("Title must be at most 200 characters.");
  });
});
