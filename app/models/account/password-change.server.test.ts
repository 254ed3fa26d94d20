import { describe, expect, it } from "vitest";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import { replacePassword } from "./password-change.server.ts";
import { createSession, getSessionUser, signOutOtherSessions } from "../session.server.ts";
import { findFeedTokenOwner, getFeedToken } from "../syndication-token.server.ts";
import { createUser } from "../user.server.ts";

let n = 0;
function newUser() {
  n++;
  return createUser({ username: `change${n}`, email: `change${n}@example.com`, passwordHash: hashPasswordSync("old-password") });
}

// The private Following feed URL is a bearer secret: whatever shuts other devices out replaces it.
describe("what ends other devices' access also replaces the private feed URL", () => {
  it("a password change ends the other sessions and the old feed URL", () => {
    const user = newUser();
    const kept = createSession({ userId: user.id }).token;
    const other = createSession({ userId: user.id }).token;
    const oldFeed = getFeedToken({ userId: user.id });
    const { endedSessions } = replacePassword({ userId: user.id, passwordHash: hashPasswordSync("new-password"), keepSessionToken: kept });
    expect(endedSessions).toBe(1);
    expect(getSessionUser({ token: other })).toBeNull();
    expect(getSessionUser({ token: kept })?.id).toBe(user.id);
    expect(findFeedTokenOwner({ token: oldFeed })).toBeNull();
    const newFeed = getFeedToken({ userId: user.id });
    expect(newFeed).not.toBe(oldFeed);
    expect(findFeedTokenOwner({ token: newFeed })).toBe(user.id);
  });

  it("'Sign out everywhere else' ends the other sessions and the old feed URL", () => {
    const user = newUser();
    const kept = createSession({ userId: user.id }).token;
    createSession({ userId: user.id });
    createSession({ userId: user.id });
    const oldFeed = getFeedToken({ userId: user.id });
    expect(signOutOtherSessions({ userId: user.id, keepToken: kept })).toEqual({ ended: 2 });
    expect(getSessionUser({ token: kept })?.id).toBe(user.id);
    expect(findFeedTokenOwner({ token: oldFeed })).toBeNull();
    expect(findFeedTokenOwner({ token: getFeedToken({ userId: user.id }) })).toBe(user.id);
  });
});
