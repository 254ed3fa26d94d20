import type { z } from "zod";
import type { UserRow } from "#db/schema.ts";
import { ADMIN_ACCESS_DENIED, ADMIN_REQUIRED } from "~/rules/schemas/admin.ts";
import { refuseDemo } from "~/rules/demo-rules.ts";
import { forbidden, Problem } from "~/lib/problem.ts";
import type { Toast } from "~/lib/toast.ts";
import { isTwoFactorOn } from "~/models/account/two-factor.server.ts";
import { assertEmailVerified } from "~/models/account/email-verification.server.ts";
import { assertNotSuspended } from "~/models/moderation/suspension.server.ts";
import { getEnv } from "../integrations/env.server.ts";
import { moderates } from "~/models/moderation/roles.server.ts";
import { enforceRateLimit, type LimitedAction, type WriteKind } from "../integrations/rate-limit.server.ts";
import { spendWrite } from "~/models/spam/trust.server.ts";
import type { CacheName } from "~/models/cache-registry.server.ts";
import { getSession } from "./cookies/session-cookie.server.ts";
import { limitSignupNetwork } from "../integrations/signup-limits.server.ts";
import { checkBotTrap, type BotTrap, type TrapFields } from "./bot-trap.server.ts";
import { requireSelf } from "./guards.server.ts";

// The contract of a route: what it says once, beside its code, about each method it answers, and
// what every wrapper that builds a loader or an action (form actions and fetchers: form-action;
// pages: page-problem; JSON: json-api) enforces before the route's own code runs:
//
// - who may call it: anyone (visitors too), a member, a moderator (of any rank: a category
//   moderator, a moderator or an admin; how far their reach goes within the route is the model's,
//   app/models/moderation/roles.server.ts), or an admin; a moderator and an admin with the second
//   factor proven in this session where REQUIRE_ADMIN_2FA is on. A model never decides "admin" by itself.
// - for a write: that a suspended or unverified member is refused (unless the route keeps their
//   account in hand: `whileSuspended`), that the shared demo account is refused where it must be
//   (`notDemo`), and which budget a call spends (a member's write budget, or an address's budget of
//   the sign-in family), spent after who acts is known (a visitor's refused write costs nothing);
// - the schema that parses its input (the body of a write, the query of a JSON read), so that every
//   text field goes through the one normaliser (app/rules/schemas/text-fields.ts);
// - for a page: the caches its loader reads (app/pipeline/README.md).
//
// Each wrapper carries its contracts on the function it returns (`contractsOf`), and
// tests/api/route-contracts.test.ts walks the route map: a route module whose loader or action has
// none fails it, and every route is sent every kind of caller and bad request.

export type Who = "anyone" | "member" | "moderator" | "admin";

/** What React Router hands every loader and action (the context carries the client's address). */
export type RouteArgs = { request: Request; params: Record<string, string | undefined>; context?: { clientIp?: string } };
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** A member's write budget (rate-limit.server.ts WriteKind) or an address's sign-in-family budget. */
export type Budget = WriteKind | LimitedAction;

export type Contract<W extends Who = Who> = {
  /** Who may call it. */
  readonly who: W;
  /** What one call spends: one budget, or one per form `intent` (a page with several forms). */
  readonly budget?: Budget | { readonly byIntent: Readonly<Record<string, Budget>> };
  /** The schema that parses its input. */
  readonly input?: z.ZodType;
  /** A suspended or unverified member may still make this write (their own account, sessions, data). */
  readonly whileSuspended?: true;
  /** The shared demo account may not (docs/product.md §11). */
  readonly notDemo?: true;
  /**
   * Who asks does not matter and is not looked at: no session is read (the health check answers
   * while the database is down; the feeds and robots are the same for everyone). Anyone's reads only.
   */
  readonly sessionless?: true;
  /**
   * A form people fill and bots fill too (sign-up, share, comment): its hidden honeypot must come back
   * empty, and a "timed" form must have been on screen long enough (bot-trap.server.ts). Per intent
   * on a page with several forms. Checked after the budget is spent; a JSON body has no form drawn,
   * so a JSON endpoint declares the honeypot only (its body's `homepage`: /api/register).
   */
  readonly botTrap?: BotTrap | { readonly byIntent: Readonly<Record<string, BotTrap>> };
  /** A page: the caches its loader reads (app/pipeline/README.md; tests/api/page-reads.test.ts checks it). */
  readonly reads?: readonly CacheName[];
  /**
   * It does nothing but send the request elsewhere (302) or refuse its method (405), to anyone: it
   * reads and writes nothing, so the route policy (route-policy.ts) does not hold it to its URL's
   * rules. Only redirectLoader and onlyMethods declare it; the contract test checks that it answers so.
   */
  readonly inert?: true;
};

/** The user a contract admits: a member, a moderator or an admin is never null. */
export type Admitted<W extends Who> = W extends "anyone" ? UserRow | null : UserRow;

const CONTRACTS = Symbol.for("chortle.route-contracts");

/** How a wrapper answers: a page (document), a page's re-rendering form, a form action (page form and fetcher), JSON, or a plain resource. */
export type Answer = "page" | "page-form" | "form" | "json" | "resource";
export type Declared = { readonly answer: Answer; readonly methods: Readonly<Partial<Record<Method, Contract>>> };
export type Contracted = { readonly [CONTRACTS]: Declared };

/** `fn`, carrying the contracts it enforces per method and how it answers. */
export function withContracts<F extends object>(fn: F, methods: Partial<Record<Method, Contract>>, answer: Answer): F & Contracted {
  Object.defineProperty(fn, CONTRACTS, { value: Object.freeze({ answer, methods: Object.freeze({ ...methods }) }), enumerable: false });
  return fn as F & Contracted;
}

/** What a route export declares, or null when it was not built by a contract wrapper. */
export function contractsOf(fn: unknown): Declared | null {
  return typeof fn === "function" && CONTRACTS in fn ? (fn as unknown as Contracted)[CONTRACTS] : null;
}

/** Which kind of answer the refusal goes into: the texts differ (docs/product.md §8). */
export type AnswerKind = "page" | "form" | "json";

const ADMIN_TWO_FACTOR_REQUIRED = "Admins and moderators must turn on two-factor sign-in first (/account/two-factor).";
const ADMIN_TWO_FACTOR_SESSION = "Sign in again with your second factor to use the admin pages.";

const isWrite = (request: Request) => request.method !== "GET" && request.method !== "HEAD";

/**
 * The admin and moderator check, the one place: the role, and with REQUIRE_ADMIN_2FA the second
 * factor, on the account (set it up) and in this session (a session made with the password alone,
 * before two-factor was turned on, does not count): it protects moderators as it does admins.
 */
function requireAdminOf(user: UserRow, twoFactorSession: boolean, answer: AnswerKind, who: "moderator" | "admin" = "admin"): void {
  // One refusal for the admin pages whoever asks (a member need not learn of moderators' pages).
  const denied = () =>
    answer === "page" ? new Problem("forbidden", ADMIN_ACCESS_DENIED, { headers: { "Cache-Control": "no-store" } }) : forbidden(ADMIN_REQUIRED);
  if (!moderates(user)) throw denied();
  // The second factor first: a moderator without it is sent to set it up on every admin page,
  // theirs or not (the layout around an admin's form is theirs too).
  if (getEnv().REQUIRE_ADMIN_2FA && !twoFactorSession) {
    if (!isTwoFactorOn(user.id)) {
      const toast: Toast = { type: "error", title: "Two-factor sign-in required", description: "Turn on two-factor sign-in to use the admin pages." };
      throw new Problem("forbidden", ADMIN_TWO_FACTOR_REQUIRED, { headers: { "Cache-Control": "no-store" }, goTo: { path: "/account/two-factor", toast } });
    }
    throw new Problem("forbidden", ADMIN_TWO_FACTOR_SESSION, { headers: { "Cache-Control": "no-store" } });
  }
  if (who === "admin" && !user.isAdmin) throw denied();
}

/**
 * Whether the request's session may use an admin's powers where a member's route also lets an admin
 * act (editing anyone's post, say): the one admin rule, the second factor included. Never throws.
 */
export async function actsAsAdmin(request: Request): Promise<boolean> {
  const session = await getSession(request);
  return adminAllowed(session?.user ?? null, session?.twoFactor ?? false);
}

/** Whether `user`'s session lets them act as an admin; never throws. */
function adminAllowed(user: UserRow | null, twoFactorSession: boolean): boolean {
  if (!user?.isAdmin) return false;
  try {
    requireAdminOf(user, twoFactorSession, "json");
    return true;
  } catch {
    return false;
  }
}

/** The budget of this call: the contract's, or the one of the form's intent. */
function budgetOf(contract: Contract, intent: unknown): Budget | null {
  const { budget } = contract;
  if (!budget) return null;
  if (typeof budget === "string") return budget;
  return typeof intent === "string" ? (budget.byIntent[intent] ?? null) : null;
}

/** The bot trap of this call's form: the contract's, or the one of the form's intent. */
function trapOf(contract: Contract, intent: unknown): BotTrap | null {
  const { botTrap } = contract;
  if (!botTrap) return null;
  if (typeof botTrap === "string") return botTrap;
  return typeof intent === "string" ? (botTrap.byIntent[intent] ?? null) : null;
}

const WRITE_KINDS: ReadonlySet<string> = new Set<WriteKind>(["toggle", "follow", "comment", "post", "report", "moderate"]);

export type Admission = {
  /** The form's `intent` (a page with several forms spends by it). */
  intent?: unknown;
  clientIp?: string;
  /** The refusal of a visitor where a member is needed (each kind of answer asks in its own words). */
  signIn: () => Problem;
  /**
   * The `userId` the body names, if any: it must be the session's own (a body id never decides who
   * acts). Read only once who acts is known (a visitor is asked to sign in before the body is read).
   */
  claimed?: () => unknown;
  /** The form of a form wrapper, or the fields of a JSON body, for the contract's `botTrap`. */
  form?: TrapFields | (() => Promise<TrapFields>);
};

/**
 * Enforces `contract` for `request` before the route's code runs: who acts, a write's standing
 * (suspended, unverified, the demo account), the budget. Returns the admitted user; throws the
 * Problem of a refusal, for the wrapper's renderer.
 */
export async function admit<W extends Who>(
  contract: Contract<W>,
  request: Request,
  answer: AnswerKind,
  { intent, clientIp, signIn, claimed, form }: Admission,
): Promise<Admitted<W>> {
  if (contract.sessionless) {
    if (contract.who !== "anyone" || isWrite(request)) throw new Error("Only anyone's reads can be sessionless.");
    return null as Admitted<W>;
  }
  const session = await getSession(request);
  const user = session?.user ?? null;
  if (!user && contract.who !== "anyone") throw signIn();
  const write = isWrite(request);
  if (user) {
    requireSelf(user, await claimed?.());
    if (write && !contract.whileSuspended) {
      assertNotSuspended(user.id);
      assertEmailVerified(user);
    }
    if (contract.notDemo) refuseDemo(user);
    if (contract.who === "admin" || contract.who === "moderator") requireAdminOf(user, session?.twoFactor ?? false, answer, contract.who);
  }
  const budget = write ? budgetOf(contract, intent) : null;
  if (budget && WRITE_KINDS.has(budget)) {
    // A member's write budget; a visitor's write (only where anyone may write) is counted by address alone.
    // (and a new account's smaller budget beside it: models/spam/trust.server.ts)
    await spendWrite(budget as WriteKind, { user, ip: clientIp });
  } else if (budget) {
    await enforceRateLimit(budget as LimitedAction, clientIp);
    // A registration also spends its network's sign-up budgets (an IPv4 /24, an IPv6 /48).
    if (budget === "register") await limitSignupNetwork(clientIp);
  }
  const trap = write && form ? trapOf(contract, intent) : null;
  if (trap) await checkBotTrap(trap, typeof form === "function" ? await form() : form!);
  return user as Admitted<W>;
}

/**
 * A loader or action that answers neither a page, a form nor JSON (a redirect, a feed, a file, the
 * health check) under its contract. A refusal is its status with the message as plain text.
 */
export function resource<R, const C extends Contract>(
  c: C,
  handler: (args: RouteArgs & { user: Admitted<C["who"]> }) => R | Promise<R>,
  { method = "GET" }: { method?: Method } = {},
): ((args: RouteArgs) => Promise<R | Response>) & Contracted {
  const run = async (args: RouteArgs): Promise<R | Response> => {
    try {
      const user = await admit(c, args.request, "json", { clientIp: args.context?.clientIp, signIn: () => new Problem("unauthorized", "Sign in first.") });
      return await handler({ ...args, user: user as Admitted<C["who"]> });
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...error.headers } });
    }
  };
  return withContracts(run, { [method]: c }, "resource");
}

/** A loader that sends every GET elsewhere (a form's URL asked as a page), for anyone. */
export function redirectLoader(to: (args: RouteArgs) => string) {
  return withContracts((args: RouteArgs) => new Response(null, { status: 302, headers: { Location: to(args) } }), { GET: { who: "anyone", inert: true } }, "resource");
}
