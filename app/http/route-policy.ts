// The policy every route's contract must satisfy (decision 0195), written apart from the contracts and
// reviewed as one table: which kinds of URL are admins' only or moderators' too (with the second
// factor where REQUIRE_ADMIN_2FA is on) or members' only, which writes a suspended or unverified member may still
// make (a short list), which writes the shared demo account may not make, which budget each write
// spends, and which reads never look at the session. tests/api/route-contracts.test.ts derives what
// each route must declare from this table and fails a contract that disagrees with it, so a wrong
// declaration (an admin form declared for members, a watch route allowed while suspended) fails there.
//
// A rule is "METHOD /pattern" in the route map's own words (app/routes.ts: `:id` params, `*` for a
// splat route), where a method `*` stands for any method and a last segment `**` for one or more
// segments. A contract that only
// redirects or answers 405 (`inert`: redirectLoader, onlyMethods) does nothing and is not held to it.
import type { Budget, Who } from "./contract.server.ts";

/** Admins' only, every method that does anything: the admin pages, their forms, the admin API (but MODERATION below). */
export const ADMIN_ONLY = ["* /admin", "* /admin/**", "* /api/admin/**", "POST /revisions/:id/redact"] as const;

/**
 * What moderators (category moderators too) may use of the admin pages and API, with the second
 * factor as admins (decision 0220): the dashboard, the lists, the review queue and its decisions,
 * removing posts, suspending. How far each goes (their categories, members below their rank, no
 * e-mail addresses) is the model's. Everything else of ADMIN_ONLY stays admins': creating and
 * deleting accounts, roles, the demo account, redacting a version.
 */
export const MODERATION = [
  "GET /admin",
  "GET /admin/users",
  "GET /admin/posts",
  "GET /admin/log",
  "GET /admin/reports",
  "POST /admin/reports/:id/resolve",
  "POST /admin/held/:id/decide",
  "POST /admin/appeals/:id/decide",
  "POST /admin/users/:id/suspend",
  "POST /admin/users/:id/sweep",
  "POST /admin/posts/:id/delete",
  "GET /api/admin/dashboard",
  "GET /api/admin/users",
  "GET /api/admin/posts",
  "DELETE /api/admin/posts/:id",
  "GET /api/admin/log",
  "GET /api/admin/reports",
  "POST /api/admin/reports/:id/resolve",
  "* /api/admin/users/:id/suspend",
  "* /api/admin/users/:id/suspension",
] as const;

/**
 * Reads for members only (a visitor is asked to sign in): their own account, notices and tools. (The
 * e-mail verification link, GET /account/verify-email, is anyone's: it is opened from a mail.)
 */
export const MEMBER_READS = [
  "GET /account/password",
  "GET /account/delete",
  "GET /account/export",
  "GET /account/two-factor",
  "GET /account/standing",
  "GET /account/email",
  "GET /notifications",
  "GET /post/:id/edit",
  "GET /api/me/**",
  "GET /api/notifications",
  "GET /api/notifications/**",
  "GET /api/invites",
  "GET /api/posts/:id/saved",
  "GET /api/votes/user/**",
  // The YouTube lookup spends the site's API quota: a member's, with their budget.
  "GET /api/youtube/**",
  // The phone's share sheet opens the share dialog, a member's (a visitor signs in and comes back).
  "GET /share/target",
] as const;

/**
 * Writes anyone may make, signed in or not: signing in, up and out and their recovery, the theme, a
 * visitor's mutes (kept in a cookie), an unsubscribe link from a mail, and the not-found answers.
 * Every other write is a member's (or an admin's, above).
 */
export const ANYONE_WRITES = [
  "POST /auth",
  "POST /auth/two-factor",
  "POST /reset-password",
  "POST /logout",
  "POST /theme",
  "POST /mutes",
  "POST /email/unsubscribe",
  "POST /api/login",
  "POST /api/login/two-factor",
  "POST /api/register",
  "POST /api/demo-login",
  "POST /api/forgot-password",
  "POST /api/reset-password",
  "POST /api/direct-login",
  "POST /api/logout",
  "POST /api/*",
  "POST /*",
] as const;

/** A member's own second factor, mail settings and private feed: kept in hand while suspended, not the demo's. */
const OWN_SETTINGS = [
  "POST /api/me/two-factor/setup",
  "POST /api/me/two-factor/enable",
  "POST /api/me/two-factor/disable",
  "PATCH /api/me/email-preferences",
  "POST /feeds/following/token",
] as const;

/**
 * The writes a suspended or unverified member may still make: signing in and out, their own account
 * (password, second factor, e-mail and its verification, deletion), their sessions, reading their
 * notices, the theme, an appeal (the standing page), unsubscribing, their private feed's address.
 * Nothing that others see. Every other write refuses them (403).
 */
export const WHILE_SUSPENDED = [
  ...ANYONE_WRITES.filter((rule) => rule !== "POST /mutes"),
  "POST /notifications",
  "PATCH /api/notifications/read-all",
  "PATCH /api/notifications/:id/read",
  "POST /sessions/sign-out-others",
  "POST /account/password",
  "POST /account/delete",
  "POST /account/two-factor",
  "POST /account/email",
  "POST /account/standing",
  "POST /account/verify-email",
  "POST /api/me/verification",
  ...OWN_SETTINGS,
] as const;

/**
 * What the shared demo account may not do (docs/product.md §11): anything that would lock the next
 * demo visitor out or act on their behalf beyond the site (reports, invites, mail, sessions, feeds).
 */
export const NOT_DEMO = [
  "* /account/password",
  "* /account/delete",
  "POST /account/two-factor",
  "POST /account/email",
  "POST /sessions/sign-out-others",
  "POST /reports",
  "POST /api/reports",
  "POST /invites",
  "POST /api/invites",
  ...OWN_SETTINGS,
] as const;

/** Reads answered without looking at who asks: the same for everyone (feeds, sitemaps, robots, health). */
export const SESSIONLESS = [
  "GET /healthz",
  "GET /feed.xml",
  "GET /hot.xml",
  "GET /category/:name/feed.xml",
  "GET /profile/:id/feed.xml",
  "GET /post/:id/comments.xml",
  "GET /moderation/feed.xml",
  "GET /api/moderation",
  "GET /feeds/following/:file",
  "GET /robots.txt",
  "GET /sitemap.xml",
  "GET /sitemap/:file",
  // A post's link-preview picture: the same for everyone (a link scraper sends no cookie).
  "GET /post/:id/preview.png",
] as const;

type ByIntent = { readonly byIntent: Readonly<Record<string, Budget>> };
/** What a write spends: a budget, one per form intent, or nothing at the route (`null`, with its reason). */
export type PolicyBudget = Budget | ByIntent | null;

/**
 * Which budget each write spends (rate-limit.server.ts). Every write must have its row: a new write
 * route fails the contract test until it is given one here.
 */
export const BUDGETS: Readonly<Record<string, PolicyBudget>> = {
  // Votes, saves, hides, watches, blocks, mutes, deletions, settings: the member's "toggle" budget.
  "POST /post/:id/vote": "toggle",
  "POST /comments/:id/vote": "toggle",
  "POST /api/votes": "toggle",
  "POST /post/:id/save": "toggle",
  "POST /api/posts/:id/save": "toggle",
  "DELETE /api/posts/:id/save": "toggle",
  "POST /post/:id/hide": "toggle",
  "PUT /api/posts/:id/hide": "toggle",
  "DELETE /api/posts/:id/hide": "toggle",
  "POST /post/:id/watch": "toggle",
  "PUT /api/posts/:id/watch": "toggle",
  "DELETE /api/posts/:id/watch": "toggle",
  "POST /comments/:id/watch": "toggle",
  "PUT /api/comments/:id/watch": "toggle",
  "DELETE /api/comments/:id/watch": "toggle",
  "POST /profile/:id/block": "toggle",
  "POST /api/users/:id/block": "toggle",
  "DELETE /api/users/:id/block": "toggle",
  "POST /mutes": "toggle",
  "POST /api/me/mutes": "toggle",
  "DELETE /api/me/mutes/:id": "toggle",
  "POST /post/:id/delete": "toggle",
  "POST /comments/:id/delete": "toggle",
  "DELETE /api/posts/:id": "toggle",
  "DELETE /api/comments/:id": "toggle",
  "POST /notifications": "toggle",
  "PATCH /api/notifications/read-all": "toggle",
  "PATCH /api/notifications/:id/read": "toggle",
  "POST /profile/:id": "toggle",
  "PATCH /api/users/:id": "toggle",
  "POST /sessions/sign-out-others": "toggle",
  "POST /account/email": "toggle",
  "POST /account/verify-email": "toggle",
  "POST /api/me/verification": "toggle",
  "PATCH /api/me/email-preferences": "toggle",
  "POST /api/me/two-factor/setup": "toggle",
  "POST /invites": "toggle",
  "POST /api/invites": "toggle",
  "POST /feeds/following/token": "toggle",
  // Moderators' and admins' actions: moderation's own budget (decision 0221), never a member's "toggle".
  "POST /admin/users": "moderate",
  "POST /admin/reports/:id/resolve": "moderate",
  "POST /admin/held/:id/decide": "moderate",
  "POST /admin/appeals/:id/decide": "moderate",
  "POST /admin/users/:id/suspend": "moderate",
  "POST /admin/users/:id/sweep": "moderate",
  "POST /admin/users/:id/toggle-admin": "moderate",
  "POST /admin/users/:id/delete": "moderate",
  "POST /admin/posts/:id/delete": "moderate",
  "POST /admin/demo/reset": "moderate",
  "POST /api/admin/users": "moderate",
  "DELETE /api/admin/users/:id": "moderate",
  "POST /api/admin/users/:id/toggle-admin": "moderate",
  "DELETE /api/admin/posts/:id": "moderate",
  "POST /api/admin/reports/:id/resolve": "moderate",
  "POST /api/admin/users/:id/suspend": "moderate",
  "DELETE /api/admin/users/:id/suspend": "moderate",
  "POST /api/admin/users/:id/suspension": "moderate",
  "DELETE /api/admin/users/:id/suspension": "moderate",
  "POST /revisions/:id/redact": "moderate",
  "POST /admin/users/:id/role": "moderate",
  "PUT /api/admin/users/:id/role": "moderate",
  "DELETE /api/admin/users/:id/role": "moderate",
  "POST /admin/rules": "moderate",
  "POST /api/admin/rules": "moderate",
  "PATCH /api/admin/rules/:id": "moderate",
  "DELETE /api/admin/rules/:id": "moderate",
  // Writing text others read.
  "POST /post/:id/comments": "comment",
  "POST /api/comments": "comment",
  "POST /comments/:id/edit": "comment",
  "PATCH /api/comments/:id": "comment",
  "POST /post/:id/edit": "post",
  "PATCH /api/posts/:id": "post",
  // A share spends "post" in the model (sharePost), once the dialog's other intents are told apart.
  "POST /share": null,
  "POST /api/posts": null,
  "POST /profile/:id/follow": "follow",
  "POST /api/users/:id/follow": "follow",
  "DELETE /api/users/:id/follow": "follow",
  "POST /reports": "report",
  "POST /api/reports": "report",
  "POST /account/standing": "report",
  // The sign-in family: an address's budgets (and the password asked again).
  "POST /auth": { byIntent: { login: "login", register: "register", demo: "demo-login", "forgot-password": "forgot-password" } },
  "POST /auth/two-factor": "login",
  "POST /api/login": "login",
  "POST /api/login/two-factor": "login",
  "POST /account/password": "login",
  "POST /account/delete": "login",
  "POST /account/two-factor": { byIntent: { setup: "toggle", enable: "login", disable: "login" } },
  "POST /api/me/two-factor/enable": "login",
  "POST /api/me/two-factor/disable": "login",
  "POST /api/register": "register",
  "POST /api/demo-login": "demo-login",
  "POST /api/forgot-password": "forgot-password",
  "POST /reset-password": "reset-password",
  "POST /api/reset-password": "reset-password",
  // Nothing to spend: signing out, the theme, an unsubscribe link, a one-time sign-in link, not found.
  "POST /logout": null,
  "POST /api/logout": null,
  "POST /theme": null,
  "POST /email/unsubscribe": null,
  "POST /api/direct-login": null,
  "POST /api/*": null,
  "POST /*": null,
};

/** What the policy asks of one method of one route (the route map's pattern). */
export type Required = { who: Who; whileSuspended: boolean; notDemo: boolean; sessionless: boolean; budget: PolicyBudget | undefined };

/** Whether `rule` ("METHOD /pattern") covers `method` on the route map's `pattern`. */
export function covers(rule: string, method: string, pattern: string): boolean {
  const [ruleMethod, rulePath] = rule.split(" ");
  if (ruleMethod !== "*" && ruleMethod !== method) return false;
  const want = rulePath.split("/").filter(Boolean);
  const have = pattern.split("/").filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "**") return have.length > i;
    if (want[i] !== have[i]) return false;
  }
  return want.length === have.length;
}

const any = (rules: readonly string[], method: string, pattern: string) => rules.some((rule) => covers(rule, method, pattern));

/** What the policy requires of `method` on `pattern`. `budget` is undefined for a write the table forgot. */
export function requiredOf(method: string, pattern: string): Required {
  const write = method !== "GET";
  const who: Who = any(MODERATION, method, pattern)
    ? "moderator"
    : any(ADMIN_ONLY, method, pattern)
    ? "admin"
    : write
      ? any(ANYONE_WRITES, method, pattern)
        ? "anyone"
        : "member"
      : any(MEMBER_READS, method, pattern)
        ? "member"
        : "anyone";
  const key = `${method} ${pattern}`;
  return {
    who,
    whileSuspended: write && any(WHILE_SUSPENDED, method, pattern),
    notDemo: any(NOT_DEMO, method, pattern),
    sessionless: !write && any(SESSIONLESS, method, pattern),
    budget: write ? (key in BUDGETS ? BUDGETS[key] : undefined) : null,
  };
}
