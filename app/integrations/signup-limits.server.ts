import net from "node:net";
import { getEnv } from "./env.server.ts";
import { limiter, spend, TooManyRequests } from "./rate-limit.server.ts";

// Sign-up limits beyond the address's (docs/product.md §9, §11 "Spam"): a script that holds many
// addresses of one network (a /24 of IPv4, a /48 of IPv6) shares one budget per hour and per day
// (SIGNUP_NETWORK_HOURLY / _DAILY), and in SIGNUP_MODE=verify an e-mail domain shares one too
// (SIGNUP_DOMAIN_HOURLY / _DAILY). 0 turns one off; RATE_LIMIT=off turns all of them off.

/** The network an address belongs to: "203.0.113.0/24", "2001:db8:1::/48"; the address itself when it is neither. */
export function networkOf(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  if (net.isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (net.isIPv6(ip)) {
    const [head, tail = ""] = ip.toLowerCase().split("%")[0].split("::");
    const left = head ? head.split(":") : [];
    const right = ip.includes("::") && tail ? tail.split(":") : [];
    // An embedded IPv4 tail counts as two groups; only the first three groups matter here.
    const missing = 8 - left.length - right.length;
    const groups = ip.includes("::") ? [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right] : left;
    return `${groups.slice(0, 3).map((g) => Number.parseInt(g, 16).toString(16)).join(":")}::/48`;
  }
  return ip;
}

type Window = { name: string; points: number; seconds: number };

async function spendAll(windows: Window[], key: string, what: string) {
  for (const { name, points, seconds } of windows) {
    if (points <= 0) continue;
    const result = await spend(limiter(name, () => ({ points, seconds })), key, what);
    if (!result.ok) throw new TooManyRequests(result);
  }
}

/** One sign-up attempt from `address`'s network: TooManyRequests (429, Retry-After) when over. */
export async function limitSignupNetwork(address: string | undefined) {
  const env = getEnv();
  await spendAll(
    [
      { name: "signup-net-hour", points: env.SIGNUP_NETWORK_HOURLY, seconds: 3600 },
      { name: "signup-net-day", points: env.SIGNUP_NETWORK_DAILY, seconds: 86_400 },
    ],
    networkOf(address),
    "sign-ups from your network",
  );
}

/** One sign-up with an address at `email`'s domain (SIGNUP_MODE=verify only): TooManyRequests when over. */
export async function limitSignupDomain(email: string) {
  const env = getEnv();
  if (env.SIGNUP_MODE !== "verify") return;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  await spendAll(
    [
      { name: "signup-domain-hour", points: env.SIGNUP_DOMAIN_HOURLY, seconds: 3600 },
      { name: "signup-domain-day", points: env.SIGNUP_DOMAIN_DAILY, seconds: 86_400 },
    ],
    domain,
    "sign-ups with this e-mail domain",
  );
}
