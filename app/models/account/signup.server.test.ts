import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { emailVerificationTokens, users } from "#db/schema.ts";
import { DEMO_USERNAME } from "~/rules/account-rules.ts";
import { DEMO_REFUSED } from "~/rules/demo-rules.ts";
import {
  ALREADY_VERIFIED,
  INVITE_NOT_IN_GOOD_STANDING,
  INVITE_REQUIRED,
  INVITE_TOO_MANY,
  INVITE_TOO_NEW,
  INVITE_UNKNOWN,
  INVITE_UNUSED_MAX,
  VERIFY_FIRST,
  VERIFY_RESEND_TOO_SOON,
} from "~/rules/signup-rules.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import { makeUser } from "../../../tests/support/unit-factories.ts";
import { uniqueName } from "../../../tests/support/names.ts";
import { suspendUser } from "../moderation/suspension.server.ts";
import { createUser, findUserByLogin, getUserById } from "../user.server.ts";
import { assertEmailVerified, issueVerificationToken, verifyEmail, VERIFY_TOKEN_TTL_MS } from "./email-verification.server.ts";
import { createInvite, invitersOf, listInvites } from "./invites.server.ts";
import { registerAccount } from "./registration.server.ts";

const DAY = 24 * 60 * 60 * 1000;
const mode = getEnv().SIGNUP_MODE;
afterEach(() => {
  getEnv().SIGNUP_MODE = mode;
});

function newAccount() {
  const username = uniqueName();
  return { username, email: `${username}@example.com`, password: "a-good-password" };
}

/** A member whose account is `days` old. */
function memberAged(days: number, isAdmin = false) {
  const user = makeUser({ isAdmin });
  return getDb().update(users).set({ createdAt: new Date(Date.now() - days * DAY) }).where(eq(users.id, user.id)).returning().get()!;
}

describe("SIGNUP_MODE=verify", () => {
  it("makes the account unverified with a link; its writes are refused until the link is opened, its account pages are not", async () => {
    getEnv().SIGNUP_MODE = "verify";
    const user = await registerAccount(newAccount());
    expect(user.emailVerified).toBe(false);
    // Which routes keep working meanwhile is each route's contract (whileSuspended), proved for every
    // route by tests/api/route-contracts.test.ts; the rule itself:
    expect(() => assertEmailVerified(user)).toThrow(expect.objectContaining({ kind: "forbidden", message: VERIFY_FIRST }));

    // The registration mailed a link; a new one waits a minute.
    expect(() => issueVerificationToken({ userId: user.id })).toThrow(expect.objectContaining({ kind: "too_many", message: VERIFY_RESEND_TOO_SOON }));
    const { token } = issueVerificationToken({ userId: user.id, now: new Date(Date.now() + 61_000) });
    expect(verifyEmail({ token: "not-a-token" })).toBeNull();
    const verified = verifyEmail({ token })!;
    expect(verified.emailVerified).toBe(true);
    expect(() => assertEmailVerified(verified)).not.toThrow();
    // Used: the link and its siblings are gone; a verified account asks for none.
    expect(verifyEmail({ token })).toBeNull();
    expect(getDb().select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id)).all()).toEqual([]);
    expect(() => issueVerificationToken({ userId: user.id })).toThrow(expect.objectContaining({ kind: "conflict", message: ALREADY_VERIFIED }));
  });

  it("a link expires after a day", () => {
    const user = createUser({ ...newAccount(), passwordHash: hashPasswordSync("a-good-password"), emailVerified: false });
    const then = new Date(Date.now() - 2 * DAY);
    const { token } = issueVerificationToken({ userId: user.id, now: then });
    expect(verifyEmail({ token, now: new Date(then.getTime() + VERIFY_TOKEN_TTL_MS + 1) })).toBeNull();
    expect(getUserById({ id: user.id })?.emailVerified).toBe(false);
    const fresh = issueVerificationToken({ userId: user.id });
    expect(verifyEmail({ token: fresh.token, now: new Date(Date.now() + VERIFY_TOKEN_TTL_MS - 1000) })?.emailVerified).toBe(true);
  });

  it("other modes, admins' accounts and the seeded ones are verified", async () => {
    getEnv().SIGNUP_MODE = "open";
    expect((await registerAccount(newAccount())).emailVerified).toBe(true);
    expect(makeUser({ isAdmin: true }).emailVerified).toBe(true);
    const demo = findUserByLogin({ login: DEMO_USERNAME });
    if (demo) expect(demo.emailVerified).toBe(true);
  });
});

describe("SIGNUP_MODE=invite", () => {
  it("needs a code, and a code is used once", async () => {
    getEnv().SIGNUP_MODE = "invite";
    const inviter = memberAged(8);
    await expect(registerAccount(newAccount())).rejects.toMatchObject({ kind: "invalid", message: INVITE_REQUIRED, field: "inviteCode" });
    await expect(registerAccount({ ...newAccount(), inviteCode: "nope" })).rejects.toMatchObject({ kind: "invalid", message: INVITE_UNKNOWN });
    const { code } = createInvite({ userId: inviter.id });
    const first = await registerAccount({ ...newAccount(), inviteCode: code });
    const second = newAccount();
    await expect(registerAccount({ ...second, inviteCode: code })).rejects.toMatchObject({ kind: "invalid", message: INVITE_UNKNOWN });
    expect(findUserByLogin({ login: second.username })).toBeNull();
    expect(listInvites({ userId: inviter.id })).toEqual([
      { code, createdAt: expect.any(String), usedAt: expect.any(String), usedBy: { id: first.id, username: first.username } },
    ]);
    expect(invitersOf([first.id, inviter.id])).toEqual(new Map([[first.id, { id: inviter.id, username: inviter.username }]]));
  });

  it("two visitors racing for one code: one account is made, the other refused", async () => {
    getEnv().SIGNUP_MODE = "invite";
    const { code } = createInvite({ userId: memberAged(30).id });
    const results = await Promise.allSettled([registerAccount({ ...newAccount(), inviteCode: code }), registerAccount({ ...newAccount(), inviteCode: code })]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("members in good standing a week old make up to five unused codes; admins any number; never the demo account", () => {
    expect(() => createInvite({ userId: memberAged(6).id })).toThrow(expect.objectContaining({ kind: "forbidden", message: INVITE_TOO_NEW }));
    const member = memberAged(7.01);
    for (let i = 0; i < INVITE_UNUSED_MAX; i++) createInvite({ userId: member.id });
    expect(() => createInvite({ userId: member.id })).toThrow(INVITE_TOO_MANY);
    const admin = memberAged(0, true);
    for (let i = 0; i < INVITE_UNUSED_MAX + 2; i++) createInvite({ userId: admin.id, asAdmin: true });
    expect(listInvites({ userId: admin.id })).toHaveLength(INVITE_UNUSED_MAX + 2);

    const suspended = memberAged(30);
    suspendUser({ actorId: admin.id, userId: suspended.id, reason: "Spam", until: null });
    expect(() => createInvite({ userId: suspended.id })).toThrow(expect.objectContaining({ kind: "forbidden", message: INVITE_NOT_IN_GOOD_STANDING }));

    const unverified = createUser({ ...newAccount(), passwordHash: "x", emailVerified: false });
    getDb().update(users).set({ createdAt: new Date(Date.now() - 30 * DAY) }).where(eq(users.id, unverified.id)).run();
    expect(() => createInvite({ userId: unverified.id })).toThrow(VERIFY_FIRST);

    const demo = findUserByLogin({ login: DEMO_USERNAME }) ?? createUser({ username: DEMO_USERNAME, email: "demo-invite@example.com", passwordHash: "x" });
    getDb().update(users).set({ createdAt: new Date(Date.now() - 30 * DAY) }).where(eq(users.id, demo.id)).run();
    expect(() => createInvite({ userId: demo.id })).toThrow(expect.objectContaining({ kind: "forbidden", message: DEMO_REFUSED }));
  });
});
