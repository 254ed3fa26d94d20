// One failure, one message, whichever way it is asked. Each write (vote, comment, save, follow) has
// three doors: its page form without JavaScript (303 back with an error toast, or to /auth for a
// visitor), the same form sent by a fetcher (the hidden JS field: the status and the message as
// data) and its JSON endpoint (the status and {message}). Every bad input of the table is sent
// through all three: the fetcher and the JSON endpoint answer the same status, and all three tell
// the same message (a visitor is asked to sign in by the form in its words, by the API in its own).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JS_FIELD } from "~/rules/interactions/action-reply.ts";
import { ApiClient, readToast, startApiServer, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
let alice: ApiUser; // owns the post and the comment
let bob: ApiUser; // acts
let fx: { post: number; comment: number };

beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
  bob = await api.user();
  const post = api.post(alice.id).id;
  const res = await api.fetch("/api/comments", { method: "POST", user: alice, json: { postId: post, content: "a comment by alice" } });
  fx = { post, comment: ((await res.json()) as { id: number }).id };
});
afterAll(async () => {
  await api?.stop();
});

const API_SIGN_IN = "Authentication required. Please log in.";
const MISSING = 999_999;

type Row = {
  name: string;
  /** The page form: its URL and fields. */
  form: { path: string; fields: Record<string, string> };
  /** The JSON endpoint: its URL, method and body. */
  json: { path: string; method?: string; body?: unknown };
  status: number;
  message: string;
  /** Sent by a visitor: the forms ask to sign in in `message`, the API in its own words. */
  visitor?: boolean;
};

type Told = { status: number; message: string };

/** Without JavaScript: 303 with an error toast whose description is the message (or to /auth). */
async function pageFormTold(row: Row, user: ApiUser | null): Promise<{ message: string; signIn: boolean }> {
  const res = await api.fetch(row.form.path, { method: "POST", user, form: row.form.fields });
  expect(res.status, `${row.name}: page form status`).toBe(303);
  const location = res.headers.get("location") ?? "";
  expect(location, `${row.name}: stays on the site`).toMatch(/^\//);
  const toast = await readToast(res);
  expect(toast?.type, `${row.name}: an error toast`).toBe("error");
  const signIn = location.startsWith("/auth?");
  if (signIn) expect(toast?.title).toBe("Authentication required");
  return { message: toast?.description ?? "", signIn };
}

/** The same form from a fetcher: the status and the reply's message. */
async function fetcherTold(row: Row, user: ApiUser | null): Promise<Told & { authRequired?: boolean }> {
  const res = await api.fetch(row.form.path, { method: "POST", user, form: { ...row.form.fields, [JS_FIELD]: "1" } });
  const body = (await res.json()) as { ok: boolean; message: string; authRequired?: boolean };
  expect(body.ok, `${row.name}: fetcher reply`).toBe(false);
  return { status: res.status, message: body.message, ...(body.authRequired ? { authRequired: true } : {}) };
}

/** The JSON endpoint: the status and {message}, never cached. */
async function jsonTold(row: Row, user: ApiUser | null): Promise<Told> {
  const res = await api.fetch(row.json.path, { method: row.json.method ?? "POST", user, json: row.json.body });
  expect(res.headers.get("content-type"), `${row.name}: JSON`).toMatch(/application\/json/);
  expect(res.headers.get("cache-control"), `${row.name}: no-store`).toBe("no-store");
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

function runTable(rows: () => Row[], unchanged: () => void) {
  it("each bad input gets the same message from the page form, the fetcher and the JSON endpoint", async () => {
    for (const row of rows()) {
      const user = row.visitor ? null : bob;
      const page = await pageFormTold(row, user);
      const fetcher = await fetcherTold(row, user);
      const json = await jsonTold(row, user);

      expect(fetcher.status, `${row.name}: fetcher and JSON agree on the status`).toBe(json.status);
      expect(json.status, `${row.name}: status`).toBe(row.status);
      expect(page.signIn, `${row.name}: sign in`).toBe(Boolean(row.visitor));
      expect(page.message, `${row.name}: page form`).toBe(row.message);
      expect(fetcher.message, `${row.name}: fetcher`).toBe(row.message);
      if (row.visitor) {
        expect(fetcher.authRequired, `${row.name}: the fetcher is told to sign in`).toBe(true);
        expect(json.message, `${row.name}: JSON`).toBe(API_SIGN_IN);
      } else {
        expect(json.message, `${row.name}: JSON`).toBe(row.message);
      }
    }
    unchanged();
  });
}

const count = (query: ReturnType<typeof sql>) => api.db.get<{ n: number }>(query)!.n;

describe("vote", () => {
  const rows = (): Row[] => [
    { name: "a visitor's vote", form: { path: `/post/${fx.post}/vote`, fields: { direction: "up" } }, json: { path: "/api/votes", body: { postId: fx.post, isUpvote: true } }, status: 401, message: "Please sign in to interact with comments.", visitor: true },
    { name: "a vote on a missing post", form: { path: `/post/${MISSING}/vote`, fields: { direction: "up" } }, json: { path: "/api/votes", body: { postId: MISSING, isUpvote: true } }, status: 404, message: "Post not found" },
    { name: "a vote on a missing comment", form: { path: `/comments/${MISSING}/vote`, fields: { direction: "down" } }, json: { path: "/api/votes", body: { commentId: MISSING, isUpvote: false } }, status: 404, message: "Comment not found" },
  ];
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM votes WHERE user_id = ${bob.id}`)).toBe(0));
});

describe("comment", () => {
  const ok = "A perfectly good comment";
  const form = (fields: Record<string, string>, post: number = fx.post) => ({ path: `/post/${post}/comments`, fields });
  const json = (body: Record<string, unknown>) => ({ path: "/api/comments", body: { postId: fx.post, ...body } });
  const rows = (): Row[] => [
    { name: "a visitor's comment", form: form({ content: ok }), json: json({ content: ok }), status: 401, message: "Please sign in to interact with comments.", visitor: true },
    { name: "a too-short comment", form: form({ content: "abcd" }), json: json({ content: "abcd" }), status: 400, message: "Comment too short" },
    { name: "a too-long comment", form: form({ content: "c".repeat(1001) }), json: json({ content: "c".repeat(1001) }), status: 400, message: "Comment must be at most 1000 characters" },
    { name: "a too-long reply", form: form({ content: "r".repeat(501), parentId: String(fx.comment) }), json: json({ content: "r".repeat(501), parentId: fx.comment }), status: 400, message: "Reply must be at most 500 characters" },
    { name: "a comment on a missing post", form: form({ content: ok }, MISSING), json: { path: "/api/comments", body: { postId: MISSING, content: ok } }, status: 404, message: "Post not found" },
    { name: "a reply to a missing comment", form: form({ content: ok, parentId: String(MISSING) }), json: json({ content: ok, parentId: MISSING }), status: 404, message: "Comment not found" },
    { name: "a malformed parent id", form: form({ content: ok, parentId: "abc" }), json: json({ content: ok, parentId: "abc" }), status: 400, message: "Invalid id" },
  ];
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM comments WHERE user_id = ${bob.id}`)).toBe(0));
});

describe("save", () => {
  const rows = (): Row[] => [
    { name: "a visitor's save", form: { path: `/post/${fx.post}/save`, fields: { intent: "save" } }, json: { path: `/api/posts/${fx.post}/save` }, status: 401, message: "Please sign in to interact with comments.", visitor: true },
    { name: "a save of a missing post", form: { path: `/post/${MISSING}/save`, fields: { intent: "save" } }, json: { path: `/api/posts/${MISSING}/save` }, status: 404, message: "Post not found" },
    { name: "an unsave of a missing post", form: { path: `/post/${MISSING}/save`, fields: { intent: "unsave" } }, json: { path: `/api/posts/${MISSING}/save`, method: "DELETE" }, status: 404, message: "Post not found" },
    { name: "a malformed post id", form: { path: "/post/abc/save", fields: { intent: "save" } }, json: { path: "/api/posts/abc/save" }, status: 404, message: "Post not found" },
  ];
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM saves WHERE user_id = ${bob.id}`)).toBe(0));
});

describe("follow", () => {
  const rows = (): Row[] => [
    { name: "a visitor's follow", form: { path: `/profile/${alice.id}/follow`, fields: { intent: "follow" } }, json: { path: `/api/users/${alice.id}/follow` }, status: 401, message: "Please log in to follow users", visitor: true },
    { name: "following yourself", form: { path: `/profile/${bob.id}/follow`, fields: { intent: "follow" } }, json: { path: `/api/users/${bob.id}/follow` }, status: 400, message: "You cannot follow yourself" },
    { name: "following a missing member", form: { path: `/profile/${MISSING}/follow`, fields: { intent: "follow" } }, json: { path: `/api/users/${MISSING}/follow` }, status: 404, message: "User not found" },
    { name: "unfollowing a missing member", form: { path: `/profile/${MISSING}/follow`, fields: { intent: "unfollow" } }, json: { path: `/api/users/${MISSING}/follow`, method: "DELETE" }, status: 404, message: "User not found" },
    { name: "a malformed member id", form: { path: "/profile/abc/follow", fields: { intent: "follow" } }, json: { path: "/api/users/abc/follow" }, status: 404, message: "User not found" },
  ];
  runTable(rows, () => expect(count(sql`SELECT count(*) AS n FROM follows WHERE follower_id = ${bob.id}`)).toBe(0));
});
