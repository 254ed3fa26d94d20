// The policy every route's contract must satisfy (decision 0195), written apart from the contracts and
// reviewed as one table: which kinds of URL are admins' only or moderators' too (with the second
// factor where REQUIRE_ADMIN_2FA is on) or members' only, which writes a suspended or unverified
// member may still make (a short list), which writes the shared demo account may not make, which
// budget each write spends (route-budgets.ts, the table's second half), and which reads never look at
// the session. tests/api/route-contracts.test.ts derives what each route must declare from this
// table and fails a contract that disagrees with it, so a wrong declaration (an admin form declared
// for members, a watch route allowed while suspended) fails there.
//
// A rule is "METHOD /pattern" in the route map's own words (app/routes.ts: `:id` params, `*` for a
// splat route), where a method `*` stands for any method and a last segment `**` for one or more
// segments. A contract that only
// redirects or answers 405 (`inert`: redirectLoader, onlyMethods) does nothing and is not held to it.
import type { Who } from "./contract.server.ts";
import { BUDGETS, type PolicyBudget } from "./route-budgets.ts";

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
