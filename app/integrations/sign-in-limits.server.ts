import { networkOf } from "./signup-limits.server.ts";
import { limiter, rateLimitRefusals, TooManyRequests, waitMessage } from "./rate-limit.server.ts";

// Failed sign-ins per account (docs/product.md §9, decision 0190), beside the RATE_LIMIT budget per
// client address: SIGN_IN_FAILURES wrong passwords for one account from one network (an IPv4 /24, an
// IPv6 /48: networkOf) in a quarter of an hour, then that network waits, the right password
// included. Counted per (account, network) pair, never per account alone: guesses from elsewhere
// never lock the owner out of their own network. A login naming no account is counted by the name
// it gives, the same way, so the 429 tells nobody who exists. RATE_LIMIT=off turns it off.

const SIGN_IN_FAILURES = { points: 10, seconds: 900 };

const failures = () => limiter("sign-in-failures", () => SIGN_IN_FAILURES);
const keyOf = (account: string, clientIp: string | undefined) => `${account}|${networkOf(clientIp)}`;

/** Throws TooManyRequests when `account` has had its failed sign-ins from `clientIp`'s network. */
export async function refuseSignInAfterFailures(account: string, clientIp: string | undefined): Promise<void> {
  const rl = failures();
  if (!rl) return;
  const seen = await rl.get(keyOf(account, clientIp));
  if (!seen || seen.consumedPoints < rl.points) return;
  rateLimitRefusals.set(rl.keyPrefix, (rateLimitRefusals.get(rl.keyPrefix) ?? 0) + 1);
  const retryAfterSeconds = Math.max(1, Math.ceil(seen.msBeforeNext / 1000));
  throw new TooManyRequests({ ok: false, retryAfterSeconds, limit: rl.points, message: waitMessage(retryAfterSeconds, "failed sign-ins") });
}

/** Counts one failed sign-in of `account` from `clientIp`'s network. */
export async function countSignInFailure(account: string, clientIp: string | undefined): Promise<void> {
  await failures()?.penalty(keyOf(account, clientIp), 1);
}
