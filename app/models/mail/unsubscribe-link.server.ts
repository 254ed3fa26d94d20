// The unsubscribe link of every mail: signed with the site's secret, so it works without signing in
// and nobody can make one for another member. It names the member and what it ends; it does not
// expire (an old mail's link must still work, RFC 8058), and ending a kind twice changes nothing.
import crypto from "node:crypto";
import type { UnsubscribeScope } from "~/rules/email-rules.ts";
import { getEnv } from "../../integrations/env.server.ts";

function signature(userId: number, scope: UnsubscribeScope): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`unsubscribe:${userId}:${scope}`).digest("base64url").slice(0, 32);
}

/** The link's path and query (the mail adds the site's origin). */
export function unsubscribePath(userId: number, scope: UnsubscribeScope): string {
  return `/email/unsubscribe?${new URLSearchParams({ u: String(userId), scope, sig: signature(userId, scope) })}`;
}

/** Whether `sig` is the signature of this member and scope (compared in constant time). */
export function isUnsubscribeSignature(userId: number, scope: UnsubscribeScope, sig: string): boolean {
  const expected = Buffer.from(signature(userId, scope));
  const given = Buffer.from(sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
