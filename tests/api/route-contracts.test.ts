// The contract of every route, proved for all of them (docs/architecture.md "Adding a route").
//
// It reads the route map (app/routes.ts), imports each route module and fails when a loader or an
// action was not built by a contract wrapper (app/http/contract.server.ts), or when a route has no
// row in SAMPLES below: the next route cannot be added without its contract and its row. Then it
// sends every method of every route, against the built server, as each kind of caller (visitor,
// member, suspended, unverified, the demo account, a moderator without the second factor, a category
// moderator, an admin without the second factor, an admin)
// and with each kind of bad request (cross-site, a body of the wrong type, a truncated multipart
// body, NUL and control characters in every field and query parameter, ids that do not exist), and
// checks the status the contract promises for each refusal, that a refused request wrote nothing,
// and that nothing anywhere answers 5xx.
import crypto from "node:crypto";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema.ts";
import routes from "~/routes.ts";
import { contractsOf, type Answer, type Contract, type Declared, type Method } from "~/http/contract.server.ts";
import { ADMIN_ONLY, ANYONE_WRITES, covers, MEMBER_READS, MODERATION, NOT_DEMO, requiredOf, SESSIONLESS, WHILE_SUSPENDED } from "~/http/route-policy.ts";
import { BUDGETS } from "~/http/route-budgets.ts";
import { JS_FIELD } from "~/rules/interactions/action-reply.ts";
import { DEMO_USERNAME } from "~/rules/account-rules.ts";
import { createSession } from "~/models/session.server.ts";
import { createUser } from "~/models/user.server.ts";
import { suspendUser } from "~/models/moderation/suspension.server.ts";
import { setRole } from "~/models/admin/users.server.ts";
import { fileReport } from "~/models/moderation/report.server.ts";
import { createComment } from "~/models/comment.server.ts";
import { editComment } from "~/models/edit.server.ts";
import { getFeedToken } from "~/models/syndication-token.server.ts";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";
import { startYouTubeFake, FAKE_YOUTUBE_KEY, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { startThumbnailFake, type ThumbnailFake } from "../fixtures/thumbnail-fake.ts";

// ---- The route map, flattened ----

type Route = { id: string; file: string; pattern: string };

function flatten(entries: RouteConfigEntry[], parent = ""): Route[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const here: Route = { id, file: entry.file, pattern: pattern || "/" };
    return [here, ...flatten(entry.children ?? [], pattern === "/" ? "" : pattern)];
  });
}

const ROUTES: Route[] = [{ id: "root", file: "root.tsx", pattern: "/" }, ...flatten(routes)];

// ---- The fixtures every row's URL is made from ----

type Fixtures = {
  post: number;
  comment: number;
  /** A member the callers act on (follow, block, suspend, delete …): never one of the callers. */
  target: number;
  targetName: string;
  revision: number;
  reportCase: number;
  notification: number;
  feedFile: string;
};

/** Every route's params, by route id. A route without a row here fails the test. */
const SAMPLES: Record<string, (fx: Fixtures) => Record<string, string>> = {
  root: () => ({}),
  "routes/home": () => ({}),
  "routes/post.$id": (fx) => ({ id: String(fx.post) }),
  "routes/posts.$id": (fx) => ({ id: String(fx.post) }),
  "routes/category": () => ({ name: "comedy" }),
  "routes/categories": () => ({}),
  "routes/search": () => ({}),
  "routes/sign-in-required": () => ({}),
  "routes/logout": () => ({}),
  "routes/theme": () => ({}),
  "routes/healthz": () => ({}),
  "routes/auth": () => ({}),
  "routes/auth.two-factor": () => ({}),
  "routes/reset-password": () => ({}),
  "routes/share": () => ({}),
  "routes/share.target": () => ({}),
  "routes/post.$id.vote": (fx) => ({ id: String(fx.post) }),
  "routes/comments.$id.vote": (fx) => ({ id: String(fx.comment) }),
  "routes/post.$id.save": (fx) => ({ id: String(fx.post) }),
  "routes/post.$id.hide": (fx) => ({ id: String(fx.post) }),
  "routes/post.$id.watch": (fx) => ({ id: String(fx.post) }),
  "routes/comments.$id.watch": (fx) => ({ id: String(fx.comment) }),
  "routes/post.$id.comments": (fx) => ({ id: String(fx.post) }),
  "routes/post.$id.delete": (fx) => ({ id: String(fx.post) }),
  "routes/comments.$id.delete": (fx) => ({ id: String(fx.comment) }),
  "routes/post.$id.edit": (fx) => ({ id: String(fx.post) }),
  "routes/comments.$id.edit": (fx) => ({ id: String(fx.comment) }),
  "post-history": (fx) => ({ id: String(fx.post) }),
  "comment-history": (fx) => ({ id: String(fx.comment) }),
  "routes/revisions.$id.redact": (fx) => ({ id: String(fx.revision) }),
  "routes/notifications": () => ({}),
  "routes/mutes": () => ({}),
  "routes/reports": () => ({}),
  "routes/moderation": () => ({}),
  "routes/sessions.sign-out-others": () => ({}),
  "routes/account.password": () => ({}),
  "routes/account.delete": () => ({}),
  "routes/account.export": () => ({}),
  "routes/account.two-factor": () => ({}),
  "routes/account.standing": () => ({}),
  "routes/account.email": () => ({}),
  "routes/email.unsubscribe": () => ({}),
  "routes/account.verify-email": () => ({}),
  "routes/invites": () => ({}),
  "routes/profile/profile": (fx) => ({ id: String(fx.target) }),
  "routes/profile/posts": (fx) => ({ id: String(fx.target) }),
  "routes/profile/comments": (fx) => ({ id: String(fx.target) }),
  "routes/profile/upvoted": (fx) => ({ id: String(fx.target) }),
  "routes/profile/saved": (fx) => ({ id: String(fx.target) }),
  "routes/profile/about": (fx) => ({ id: String(fx.target) }),
  "routes/profile/follow": (fx) => ({ id: String(fx.target) }),
  "routes/profile/block": (fx) => ({ id: String(fx.target) }),
  "routes/admin/layout": () => ({}),
  "routes/admin/dashboard": () => ({}),
  "routes/admin/users": () => ({}),
  "routes/admin/posts": () => ({}),
  "routes/admin/log": () => ({}),
  "routes/admin/reports": () => ({}),
  "routes/admin/rules": () => ({}),
  "routes/admin/report-resolve": (fx) => ({ id: String(fx.reportCase) }),
  "routes/admin/held-decide": () => ({ id: "1" }),
  "routes/admin/appeal-decide": () => ({ id: "1" }),
  "routes/admin/user-suspend": (fx) => ({ id: String(fx.target) }),
  "routes/admin/user-sweep": (fx) => ({ id: String(fx.target) }),
  "routes/admin/user-toggle-admin": (fx) => ({ id: String(fx.target) }),
  "routes/admin/user-role": (fx) => ({ id: String(fx.target) }),
  "routes/admin/user-delete": (fx) => ({ id: String(fx.target) }),
  "routes/admin/post-delete": (fx) => ({ id: String(fx.post) }),
  "routes/admin/demo-reset": () => ({}),
  "routes/api/user": () => ({}),
  "routes/api/login": () => ({}),
  "routes/api/register": () => ({}),
  "routes/api/logout": () => ({}),
  "routes/api/demo-login": () => ({}),
  "routes/api/check-username": () => ({ username: "someone_new" }),
  "routes/api/forgot-password": () => ({}),
  "routes/api/reset-password": () => ({}),
  "routes/api/direct-login": () => ({}),
  "routes/api/debug-session": () => ({}),
  "routes/api/me-export": () => ({}),
  "routes/api/login-two-factor": () => ({}),
  "routes/api/me-two-factor-setup": () => ({}),
  "routes/api/me-two-factor-enable": () => ({}),
  "routes/api/me-two-factor-disable": () => ({}),
  "routes/api/youtube-video": () => ({ videoId: "dQw4w9WgXcQ" }),
  "routes/api/votes": () => ({}),
  "api-vote-post": (fx) => ({ userId: String(fx.target), postId: String(fx.post) }),
  "api-vote-comment": (fx) => ({ userId: String(fx.target), commentId: String(fx.comment) }),
  "routes/api/comments": () => ({}),
  "routes/api/comment": (fx) => ({ id: String(fx.comment) }),
  "api-comment-revisions": (fx) => ({ id: String(fx.comment) }),
  "routes/api/post-saved": (fx) => ({ id: String(fx.post) }),
  "routes/api/post-save": (fx) => ({ id: String(fx.post) }),
  "routes/api/post-hide": (fx) => ({ id: String(fx.post) }),
  "routes/api/post-watch": (fx) => ({ id: String(fx.post) }),
  "routes/api/me-email-preferences": () => ({}),
  "routes/api/comment-watch": (fx) => ({ id: String(fx.comment) }),
  "routes/api/notifications": () => ({}),
  "routes/api/notifications-unread-count": () => ({}),
  "routes/api/notifications-read-all": () => ({}),
  "routes/api/notification-read": (fx) => ({ id: String(fx.notification) }),
  "routes/api/posts": () => ({}),
  "routes/api/post": (fx) => ({ id: String(fx.post) }),
  "routes/api/post-comments": (fx) => ({ id: String(fx.post) }),
  "api-post-revisions": (fx) => ({ id: String(fx.post) }),
  "routes/api/categories": () => ({}),
  "routes/api/search": () => ({}),
  "routes/api/top-contributors": () => ({}),
  "routes/api/users.$id": (fx) => ({ id: String(fx.target) }),
  "api-user-posts": (fx) => ({ id: String(fx.target) }),
  "api-user-comments": (fx) => ({ id: String(fx.target) }),
  "api-user-upvoted": (fx) => ({ id: String(fx.target) }),
  "api-user-saved": (fx) => ({ id: String(fx.target) }),
  "routes/api/users.$id.follow": (fx) => ({ id: String(fx.target) }),
  "routes/api/users.$id.block": (fx) => ({ id: String(fx.target) }),
  "routes/api/me-blocks": () => ({}),
  "routes/api/me-mutes": () => ({}),
  // A mute of nobody's: a member deletes only their own (404 otherwise).
  "routes/api/me-mute": () => ({ id: "999999" }),
  "routes/api/me-verification": () => ({}),
  "routes/api/invites": () => ({}),
  "routes/api/reports": () => ({}),
  "routes/api/moderation": () => ({}),
  "routes/api/admin-dashboard": () => ({}),
  "routes/api/admin-users": () => ({}),
  "routes/api/admin-user": (fx) => ({ id: String(fx.target) }),
  "routes/api/admin-user-toggle-admin": (fx) => ({ id: String(fx.target) }),
  "routes/api/admin-user-role": (fx) => ({ id: String(fx.target) }),
  "routes/api/admin-posts": () => ({}),
  "routes/api/admin-post": (fx) => ({ id: String(fx.post) }),
  "routes/api/admin-log": () => ({}),
  "routes/api/admin-reports": () => ({}),
  "routes/api/admin-content-rules": () => ({}),
  "routes/api/admin-content-rule": (fx) => ({ id: String(fx.target) }),
  "routes/api/admin-report-resolve": (fx) => ({ id: String(fx.reportCase) }),
  "api-user-suspend": (fx) => ({ id: String(fx.target) }),
  "api-user-suspension": (fx) => ({ id: String(fx.target) }),
  "routes/api/not-found": () => ({ "*": "no-such-endpoint" }),
  "feed-new": () => ({}),
  "feed-hot": () => ({}),
  "routes/syndication/category": () => ({ name: "comedy" }),
  "routes/syndication/moderation": () => ({}),
  "routes/syndication/profile": (fx) => ({ id: String(fx.target) }),
  "routes/syndication/comments": (fx) => ({ id: String(fx.post) }),
  "routes/syndication/following-token": () => ({}),
  "routes/syndication/following": (fx) => ({ file: fx.feedFile }),
  "routes/syndication/robots": () => ({}),
  "sitemap-index": () => ({}),
  "sitemap-file": () => ({ file: "posts-1.xml" }),
  "routes/thumbnails": () => ({ file: "dQw4w9WgXcQ.jpg" }),
  "routes/post.$id.preview": (fx) => ({ id: String(fx.post) }),
  "routes/not-found": () => ({ "*": "no-such-page" }),
};

/** The URL of `pattern` with `params` (a splat too). */
function urlOf(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)|\*/g, (whole, name?: string) => encodeURIComponent(params[name ?? "*"] ?? whole).replaceAll("%2F", "/"));
}

/** The same URL with every id-like param pointing at nothing. */
function missingOf(pattern: string, params: Record<string, string>): string {
  return urlOf(pattern, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, /^\d+$/.test(v) ? "999999" : v])));
}

// ---- What each route declares ----

/** `ui`: the module renders a page too, so a fetcher posts its form to the route's data URL. */
type Declaration = { route: Route; method: Method; contract: Contract; answer: Answer; ui: boolean };

async function declarations(): Promise<{ found: Declaration[]; missing: string[] }> {
  const found: Declaration[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const route of ROUTES) {
    if (!(route.id in SAMPLES)) missing.push(`${route.id} (${route.file}): no row in SAMPLES`);
    if (seen.has(route.file)) continue;
    seen.add(route.file);
  }
  for (const route of ROUTES) {
    const mod = (await import(path.resolve("app", route.file))) as { loader?: unknown; action?: unknown; default?: unknown };
    for (const name of ["loader", "action"] as const) {
      if (mod[name] === undefined) continue;
      const declared: Declared | null = contractsOf(mod[name]);
      if (!declared) {
        missing.push(`${route.file}: its ${name} has no contract (build it with a wrapper of app/http/contract.server.ts)`);
        continue;
      }
      for (const [method, contract] of Object.entries(declared.methods) as [Method, Contract][]) {
        if ((name === "loader") !== (method === "GET")) continue;
        found.push({ route, method, contract, answer: declared.answer, ui: mod.default !== undefined });
      }
    }
  }
  return { found, missing };
}

// ---- Callers ----

type CallerKind = "visitor" | "member" | "suspended" | "unverified" | "demo" | "moderatorNo2fa" | "categoryModerator" | "adminNo2fa" | "admin";
const CALLERS: CallerKind[] = ["visitor", "member", "suspended", "unverified", "demo", "moderatorNo2fa", "categoryModerator", "adminNo2fa", "admin"];
/** Callers whose session was made with their second factor (REQUIRE_ADMIN_2FA is on here). */
const TWO_FACTOR: ReadonlySet<CallerKind> = new Set(["categoryModerator", "admin"]);

let api: ApiClient;
let youtube: YouTubeFake;
let thumbnails: ThumbnailFake;
let fx: Fixtures;
let accounts: Record<Exclude<CallerKind, "visitor">, number>;
const PASSWORD = "a-password-nobody-knows";

/** A fresh session of the caller for each request (a logout or 'sign out everywhere' must not end the next one's). */
async function cookieOf(kind: CallerKind): Promise<string | null> {
  if (kind === "visitor") return null;
  let userId = accounts[kind];
  if (kind === "demo") userId = api.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERNAME)).get()?.id ?? userId;
  const { token } = createSession({ userId, twoFactor: TWO_FACTOR.has(kind) });
  return (await cookieJar.serialize(token)).split(";")[0];
}
let cookieJar: { serialize(value: string): Promise<string> };

function account(username: string, { isAdmin = false, emailVerified = true } = {}): number {
  return createUser({ username, email: `${username}@example.com`, passwordHash: hashPasswordSync(PASSWORD), isAdmin, emailVerified }).id;
}

beforeAll(async () => {
  youtube = await startYouTubeFake();
  thumbnails = await startThumbnailFake();
  const secret = crypto.randomBytes(24).toString("hex");
  api = await startApiServer({
    SESSION_SECRET: secret,
    REQUIRE_ADMIN_2FA: "true",
    YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
    YOUTUBE_API_BASE_URL: youtube.apiBaseUrl,
    YOUTUBE_OEMBED_URL: youtube.oembedUrl,
    THUMBNAIL_BASE_URL: thumbnails.url,
  });
  const { createCookie } = await import("react-router");
  cookieJar = createCookie("chortle_session", { secrets: [secret] });

  accounts = {
    member: account("rc_member"),
    suspended: account("rc_suspended"),
    unverified: account("rc_unverified", { emailVerified: false }),
    demo: account(DEMO_USERNAME),
    moderatorNo2fa: account("rc_moderator_plain"),
    categoryModerator: account("rc_category_moderator"),
    adminNo2fa: account("rc_admin_plain", { isAdmin: true }),
    admin: account("rc_admin", { isAdmin: true }),
  };
  setRole({ actorId: accounts.admin, userId: accounts.moderatorNo2fa, role: "moderator", categories: [] });
  setRole({ actorId: accounts.admin, userId: accounts.categoryModerator, role: "category_moderator", categories: ["Music"] });
  const target = account("rc_target");
  const author = account("rc_author");
  suspendUser({ actorId: accounts.admin, userId: accounts.suspended, reason: "Spam, for the contract test", until: null });
  const post = api.post(author, { title: "A post the contract test acts on" }).id;
  const comment = createComment({ postId: post, userId: target, content: "A comment the contract test acts on" }).id;
  editComment({ id: comment, actorId: target, content: "A comment the contract test acts on, edited" });
  const revision = api.db.get<{ id: number }>(sql`SELECT id FROM revisions WHERE comment_id = ${comment}`)!.id;
  const report = fileReport({ reporterId: author, input: { targetType: "user", targetId: target, reason: "spam", note: null } });
  createComment({ postId: post, userId: author, content: "A reply that notifies @rc_member" });
  const notification = api.db.get<{ id: number }>(sql`SELECT id FROM notifications ORDER BY id LIMIT 1`)?.id ?? 1;
  fx = {
    post,
    comment,
    target,
    targetName: "rc_target",
    revision,
    reportCase: report.caseId,
    notification,
    feedFile: `${getFeedToken({ userId: accounts.member })}.xml`,
  };
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await youtube?.stop();
  await thumbnails?.stop();
});

// ---- What a refusal looks like, by how the route answers ----

type Refusal = "sign-in" | "forbidden" | "second-factor";

/** What the contract promises `caller` for `method`, or null when the caller is let through. */
function refusalOf(contract: Contract, method: Method, caller: CallerKind): Refusal | null {
  if (caller === "visitor") return contract.who === "anyone" ? null : "sign-in";
  const write = method !== "GET";
  if (contract.who === "admin" || contract.who === "moderator") {
    // A moderator's or an admin's second factor is asked before their role is weighed.
    if (caller === "adminNo2fa" || caller === "moderatorNo2fa") return "second-factor";
    if (caller !== "admin" && (contract.who === "admin" || caller !== "categoryModerator")) return "forbidden";
  }
  if (write && !contract.whileSuspended && (caller === "suspended" || caller === "unverified")) return "forbidden";
  if (contract.notDemo && caller === "demo") return "forbidden";
  return null;
}

function expectRefused(res: Response, answer: Answer, refusal: Refusal, what: string) {
  const location = res.headers.get("location") ?? "";
  if (answer === "page" || answer === "page-form") {
    if (refusal === "sign-in") {
      expect.soft([302, 303], `${what}: to sign in`).toContain(res.status);
      expect.soft(location, `${what}: to sign in`).toMatch(/^\/auth\?/);
    } else if (refusal === "second-factor") {
      expect.soft([302, 303], `${what}: to set up two-factor`).toContain(res.status);
      expect.soft(location, `${what}: to set up two-factor`).toBe("/account/two-factor");
    } else {
      expect.soft(res.status, what).toBe(403);
    }
    return;
  }
  expect.soft(res.status, what).toBe(refusal === "sign-in" ? 401 : 403);
}

// ---- Nothing written ----

const UNWATCHED = new Set(["sessions", "rollups", "rate_limits"]);
function fingerprint(): string {
  const tables = api.db
    .all<{ name: string }>(sql`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' AND name NOT LIKE '%search%' AND name NOT LIKE '__drizzle%'`)
    .map((t) => t.name)
    .filter((name) => !UNWATCHED.has(name));
  const hash = crypto.createHash("sha1");
  for (const name of tables) hash.update(name).update(JSON.stringify(api.db.all(sql.raw(`SELECT * FROM "${name}" ORDER BY rowid`))));
  return hash.digest("hex");
}

// ---- Sending ----

type Send = { method: Method; url: string; caller: CallerKind; answer: Answer; body?: string; contentType?: string; headers?: Record<string, string> };

/** Where a fetcher sends a form: a page route's data URL (React Router's single fetch), a resource route itself. */
const target = (d: Declaration, url: string) => (d.answer === "form" && d.ui ? `${url.replace(/\/$/, "/_root")}.data` : url);

const NASTY = "a\u0000b\u0007c\u202Ed\uD800e\u200B";

/** A body that is well formed for the route's kind: its schema's fields, each with `value`. */
function fieldsOf(contract: Contract): string[] {
  const names = new Set<string>();
  const walk = (schema: z.ZodType | undefined) => {
    const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
    if (!def) return;
    if (def.type === "object") for (const key of Object.keys(def.shape as object)) names.add(key);
    for (const inner of ["innerType", "in", "schema"]) if (def[inner]) walk(def[inner] as z.ZodType);
    if (Array.isArray(def.options)) for (const option of def.options as z.ZodType[]) walk(option);
  };
  walk(contract.input);
  return [...names];
}

function bodyOf(answer: Answer, fields: Record<string, string>): { body: string; contentType: string } {
  if (answer === "json") return { body: JSON.stringify(fields), contentType: "application/json" };
  const form = new URLSearchParams(fields);
  if (answer === "form") form.set(JS_FIELD, "1");
  return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
}

async function send({ method, url, caller, body, contentType, headers = {} }: Send): Promise<Response> {
  const cookie = await cookieOf(caller);
  const h: Record<string, string> = { ...headers };
  if (cookie) h.Cookie = cookie;
  if (contentType) h["Content-Type"] = contentType;
  if (method !== "GET" && !("Origin" in h)) h.Origin = api.url;
  const res = await fetch(`${api.url}${url}`, { method, headers: h, body: method === "GET" ? undefined : (body ?? ""), redirect: "manual" });
  await res.arrayBuffer();
  return res;
}

const fiveHundreds: string[] = [];
function noServerError(res: Response, what: string) {
  if (res.status >= 500) fiveHundreds.push(`${what}: ${res.status}`);
}

/** The least-privileged caller the contract lets through, for the bad requests. */
function allowedCaller(contract: Contract): CallerKind {
  return contract.who === "admin" ? "admin" : contract.who === "moderator" ? "categoryModerator" : "member";
}

describe("every route has its contract", () => {
  let found: Declaration[] = [];

  beforeAll(async () => {
    const { found: all, missing } = await declarations();
    expect(missing, "routes without their contract or their row").toEqual([]);
    found = all;
  });

  it("the route map is all there: every route module's loader and action carry a contract, every route has its row", () => {
    expect(found.length).toBeGreaterThan(100);
    const ids = new Set(ROUTES.map((r) => r.id));
    expect(Object.keys(SAMPLES).filter((id) => !ids.has(id)), "rows for routes that are gone").toEqual([]);
  });

  it("the same write spends the same budget on every path (a page form and its JSON twin)", () => {
    const budgetOf = (file: string, method: Method) => {
      const d = found.find((f) => f.route.file === file && f.method === method);
      expect(d, `${file} ${method}`).toBeDefined();
      return JSON.stringify(d!.contract.budget ?? null);
    };
    const twins: [string, Method, string, Method][] = [
      ["routes/comments.$id.edit.ts", "POST", "routes/api/comment.ts", "PATCH"],
      ["routes/post.$id.edit.tsx", "POST", "routes/api/post.ts", "PATCH"],
      ["routes/post.$id.comments.ts", "POST", "routes/api/comments.ts", "POST"],
      ["routes/post.$id.vote.ts", "POST", "routes/api/votes.ts", "POST"],
      ["routes/post.$id.save.ts", "POST", "routes/api/post-save.ts", "POST"],
      ["routes/post.$id.hide.ts", "POST", "routes/api/post-hide.ts", "PUT"],
      ["routes/mutes.tsx", "POST", "routes/api/me-mutes.ts", "POST"],
      ["routes/post.$id.watch.ts", "POST", "routes/api/post-watch.ts", "PUT"],
      ["routes/comments.$id.watch.ts", "POST", "routes/api/comment-watch.ts", "PUT"],
      ["routes/profile/follow.ts", "POST", "routes/api/users.$id.follow.ts", "POST"],
      ["routes/profile/block.ts", "POST", "routes/api/users.$id.block.ts", "POST"],
      ["routes/reports.ts", "POST", "routes/api/reports.ts", "POST"],
      ["routes/admin/user-suspend.ts", "POST", "routes/api/admin-user-suspension.ts", "POST"],
      ["routes/admin/report-resolve.ts", "POST", "routes/api/admin-report-resolve.ts", "POST"],
      ["routes/admin/user-toggle-admin.ts", "POST", "routes/api/admin-user-toggle-admin.ts", "POST"],
      ["routes/admin/user-role.ts", "POST", "routes/api/admin-user-role.ts", "PUT"],
      ["routes/admin/post-delete.ts", "POST", "routes/api/admin-post.ts", "DELETE"],
      ["routes/admin/user-delete.ts", "POST", "routes/api/admin-user.ts", "DELETE"],
      ["routes/admin/rules.tsx", "POST", "routes/api/admin-content-rules.ts", "POST"],
      ["routes/admin/rules.tsx", "POST", "routes/api/admin-content-rule.ts", "PATCH"],
    ];
    for (const [a, am, b, bm] of twins) expect(budgetOf(a, am), `${a} and ${b}`).toBe(budgetOf(b, bm));
  });

  it("every contract agrees with the route policy (app/http/route-policy.ts), written apart from the contracts", () => {
    const disagree: string[] = [];
    for (const d of found) {
      if (d.contract.inert) continue;
      const want = requiredOf(d.method, d.route.pattern);
      const where = `${d.method} ${d.route.pattern} (${d.route.file})`;
      if (d.contract.who !== want.who) disagree.push(`${where}: who is "${d.contract.who}", the policy says "${want.who}"`);
      if (Boolean(d.contract.whileSuspended) !== want.whileSuspended) disagree.push(`${where}: whileSuspended is ${Boolean(d.contract.whileSuspended)}, the policy says ${want.whileSuspended}`);
      if (Boolean(d.contract.notDemo) !== want.notDemo) disagree.push(`${where}: notDemo is ${Boolean(d.contract.notDemo)}, the policy says ${want.notDemo}`);
      if (Boolean(d.contract.sessionless) !== want.sessionless) disagree.push(`${where}: sessionless is ${Boolean(d.contract.sessionless)}, the policy says ${want.sessionless}`);
      if (want.budget === undefined) disagree.push(`${where}: a write with no row in the policy's BUDGETS`);
      else if (JSON.stringify(d.contract.budget ?? null) !== JSON.stringify(want.budget)) {
        disagree.push(`${where}: spends ${JSON.stringify(d.contract.budget ?? null)}, the policy says ${JSON.stringify(want.budget)}`);
      }
    }
    expect(disagree).toEqual([]);
  });

  it("moderators reach only the moderation URLs, and every admin's or moderator's write spends the moderation budget", () => {
    const moderators = found.filter((d) => d.contract.who === "moderator").map((d) => `${d.method} ${d.route.pattern}`);
    // The powers only admins hold stay theirs: accounts made and deleted, roles, the demo account.
    for (const adminsOnly of ["POST /admin/users", "POST /admin/users/:id/delete", "POST /admin/users/:id/role", "POST /admin/users/:id/toggle-admin", "POST /admin/demo/reset", "DELETE /api/admin/users/:id", "PUT /api/admin/users/:id/role", "POST /api/admin/users"]) {
      expect(moderators, adminsOnly).not.toContain(adminsOnly);
      expect(requiredOf(adminsOnly.split(" ")[0], adminsOnly.split(" ")[1]).who, adminsOnly).toBe("admin");
    }
    expect(moderators).toEqual(expect.arrayContaining(["POST /admin/reports/:id/resolve", "POST /admin/posts/:id/delete", "POST /admin/users/:id/suspend", "GET /admin/reports", "DELETE /api/admin/posts/:id"]));
    const staffWrites = found.filter((d) => d.method !== "GET" && !d.contract.inert && (d.contract.who === "admin" || d.contract.who === "moderator"));
    expect(staffWrites.length).toBeGreaterThan(20);
    expect(staffWrites.filter((d) => d.contract.budget !== "moderate").map((d) => `${d.method} ${d.route.pattern}`)).toEqual([]);
  });

  it("every rule of the route policy names a route that exists (no rule outlives its route)", () => {
    const live = found.filter((d) => !d.contract.inert);
    const dead = [...ADMIN_ONLY, ...MODERATION, ...MEMBER_READS, ...ANYONE_WRITES, ...WHILE_SUSPENDED, ...NOT_DEMO, ...SESSIONLESS, ...Object.keys(BUDGETS)].filter(
      (rule) => !live.some((d) => covers(rule, d.method, d.route.pattern)),
    );
    expect(dead).toEqual([]);
  });

  it("an inert contract only redirects or refuses its method, to every caller", async () => {
    const inert = found.filter((d) => d.contract.inert);
    expect(inert.length).toBeGreaterThan(20);
    for (const d of inert) {
      const url = urlOf(d.route.pattern, SAMPLES[d.route.id](fx));
      for (const caller of ["visitor", "admin"] as const) {
        const res = await send({ method: d.method, url, caller, answer: d.answer, ...(d.method === "GET" ? {} : bodyOf(d.answer, {})) });
        expect.soft([302, 405], `${d.method} ${url} (${d.route.file}) as ${caller}`).toContain(res.status);
      }
    }
  }, 120_000);

  it("only anyone's reads are sessionless", () => {
    expect(found.filter((d) => d.contract.sessionless && (d.contract.who !== "anyone" || d.method !== "GET")).map((d) => d.route.file)).toEqual([]);
  });

  it("every member's write spends a budget", () => {
    const free = found
      .filter((d) => d.method !== "GET" && d.contract.who !== "anyone" && !d.contract.budget)
      .map((d) => `${d.route.file} ${d.method}`);
    // sharePost spends the 'post' budget itself (models/post/share-post.server.ts).
    expect(free.filter((f) => !/routes\/(share\.tsx|api\/posts\.ts) POST/.test(f))).toEqual([]);
  });

  it("answers each kind of caller as the contract says, writes nothing when it refuses, and never 5xx", async () => {
    for (const d of found) {
      const params = SAMPLES[d.route.id](fx);
      const url = urlOf(d.route.pattern, params);
      const fields = Object.fromEntries(fieldsOf(d.contract).map((f) => [f, "x"]));
      for (const caller of CALLERS) {
        const refusal = refusalOf(d.contract, d.method, caller);
        const what = `${d.method} ${url} (${d.route.id}) as ${caller}`;
        const before = refusal ? fingerprint() : "";
        const res = await send({ method: d.method, url: target(d, url), caller, answer: d.answer, ...(d.method === "GET" ? {} : bodyOf(d.answer, fields)) });
        noServerError(res, what);
        if (!refusal) continue;
        expectRefused(res, d.answer, refusal, what);
        expect.soft(fingerprint(), `${what}: refused, and nothing written`).toBe(before);
      }
    }
    expect(fiveHundreds).toEqual([]);
  }, 600_000);

  it("refuses bad requests without writing, and never 5xx", async () => {
    for (const d of found) {
      const params = SAMPLES[d.route.id](fx);
      const url = urlOf(d.route.pattern, params);
      const caller = allowedCaller(d.contract);
      const fields = fieldsOf(d.contract);
      const what = (kind: string) => `${d.method} ${url} (${d.route.id}) ${kind}`;

      // NUL and control characters in every query parameter and every field.
      const nasty = Object.fromEntries([...fields, "q", "page", "sort", "redirectTo", "intent"].map((f) => [f, NASTY]));
      const query = `?${new URLSearchParams(nasty)}`;
      noServerError(await send({ method: d.method, url: `${target(d, url)}${query}`, caller, answer: d.answer, ...(d.method === "GET" ? {} : bodyOf(d.answer, nasty)) }), what("with NUL and control characters"));

      // Ids that do not exist.
      const missing = missingOf(d.route.pattern, params);
      if (missing !== url) {
        const before = d.method === "GET" ? "" : fingerprint();
        const res = await send({ method: d.method, url: target(d, missing), caller, answer: d.answer, ...(d.method === "GET" ? {} : bodyOf(d.answer, {})) });
        noServerError(res, what("for an id that does not exist"));
        if (d.method !== "GET") expect.soft(fingerprint(), what("for an id that does not exist: nothing written")).toBe(before);
      }

      if (d.method === "GET") continue;
      // Cross-site: refused by the guard before any route runs.
      let before = fingerprint();
      const cross = await send({ method: d.method, url: target(d, url), caller, answer: d.answer, ...bodyOf(d.answer, {}), headers: { Origin: "https://evil.example" } });
      expect.soft(cross.status, what("cross-site")).toBe(403);
      expect.soft(fingerprint(), what("cross-site: nothing written")).toBe(before);

      // A body of the wrong type, and a multipart body cut short.
      const wrong =
        d.answer === "json"
          ? [{ body: "intent=delete", contentType: "application/x-www-form-urlencoded" }, { body: "plain words", contentType: "text/plain" }]
          : [{ body: '{"intent":"delete"}', contentType: "application/json" }, { body: "plain words", contentType: "text/plain" }];
      const truncated = { body: '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndel', contentType: "multipart/form-data; boundary=cut" };
      for (const bad of [...wrong, truncated]) {
        before = fingerprint();
        const res = await send({ method: d.method, url: target(d, url), caller, answer: d.answer, ...bad });
        noServerError(res, what(`with a ${bad.contentType} body`));
        // (202: React Router's single fetch answers a redirect to a data request with 202 and where to go.)
        if (d.answer !== "resource") expect.soft([202, 303, 400, 401, 403, 404, 405, 409, 413, 415], what(`with a ${bad.contentType} body`)).toContain(res.status);
        expect.soft(fingerprint(), what(`with a ${bad.contentType} body: nothing written`)).toBe(before);
      }
    }
    expect(fiveHundreds).toEqual([]);
  }, 600_000);

  it("stored no NUL, control or bidi-override character anywhere", () => {
    const tables = api.db.all<{ name: string }>(sql`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'`);
    const found: string[] = [];
    for (const { name } of tables) {
      const columns = api.db.all<{ name: string; type: string }>(sql.raw(`PRAGMA table_info("${name}")`)).filter((c) => /TEXT/i.test(c.type));
      for (const column of columns) {
        const row = api.db.get(sql.raw(`SELECT 1 FROM "${name}" WHERE instr("${column.name}", char(0)) OR instr("${column.name}", char(7)) OR instr("${column.name}", char(8238)) LIMIT 1`));
        if (row) found.push(`${name}.${column.name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
