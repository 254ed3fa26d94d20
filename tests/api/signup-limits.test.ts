// Sign-up limits by network and by e-mail domain (docs/product.md §9, §11 "Spam"; issue 37): a script
// with many addresses of one IPv4 /24 or IPv6 /48 shares one budget, on the form and the JSON API alike,
// answered 429 with Retry-After; in SIGNUP_MODE=verify one e-mail domain shares one too. The server
// trusts X-Forwarded-For from loopback (TRUST_PROXY), as behind a proxy.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

const LIMITS = { RATE_LIMIT: "1000/60", TRUST_PROXY: "loopback", SIGNUP_NETWORK_HOURLY: "3", SIGNUP_NETWORK_DAILY: "5" };
let open: ApiClient;
let verify: ApiClient;
beforeAll(async () => {
  [open, verify] = await Promise.all([
    startApiServer(LIMITS),
    startApiServer({ ...LIMITS, SIGNUP_MODE: "verify", SIGNUP_NETWORK_HOURLY: "0", SIGNUP_NETWORK_DAILY: "0", SIGNUP_DOMAIN_HOURLY: "2" }),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.stop(), verify?.stop()]);
});

// The limiter's store outlives a run: each run takes networks of its own.
const octet = () => crypto.randomInt(1, 255);
let n = 0;
const account = (domain = "example.com") => {
  const username = `nl${process.pid % 1000}x${++n}${crypto.randomBytes(2).toString("hex")}`.slice(0, 20);
  return { username, email: `${username}@${domain}`, password: "a-good-password" };
};
const viaApi = (api: ApiClient, ip: string, input = account()) =>
  api.fetch("/api/register", { method: "POST", json: input, headers: { "X-Forwarded-For": ip } });

describe("per network", () => {
  it("addresses of one IPv4 /24 share the hourly budget (429 with Retry-After); another /24 does not", async () => {
    const [a, b] = [octet(), octet()];
    for (let i = 1; i <= 3; i++) expect((await viaApi(open, `10.${a}.${b}.${i}`)).status).toBe(201);
    const refused = await viaApi(open, `10.${a}.${b}.200`);
    await expectError(refused, 429, /^Too many sign-ups from your network\. Please wait \d+ seconds and try again\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect((await viaApi(open, `10.${a}.${(b + 1) % 255}.1`)).status).toBe(201);
  });

  it("the sign-up form spends the same budget and says so under the form", async () => {
    const [a, b] = [octet(), octet()];
    for (let i = 1; i <= 3; i++) expect((await viaApi(open, `10.${a}.${b}.${i}`)).status).toBe(201);
    const res = await open.fetch("/auth", {
      method: "POST",
      form: { intent: "register", redirectTo: "/", ...account() },
      headers: { "X-Forwarded-For": `10.${a}.${b}.77`, Referer: `${open.url}/auth?signup=true` },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await res.text()).toContain("Too many sign-ups from your network.");
  });

  it("addresses of one IPv6 /48 share it too", async () => {
    const net = `2001:db8:${octet().toString(16)}${octet().toString(16)}`;
    for (let i = 1; i <= 3; i++) expect((await viaApi(open, `${net}:${i}::1`)).status).toBe(201);
    await expectError(await viaApi(open, `${net}:ff::2`), 429, /sign-ups from your network/);
    expect((await viaApi(open, `2001:db9:${octet().toString(16)}::1`)).status).toBe(201);
  });
});

describe("per e-mail domain with SIGNUP_MODE=verify", () => {
  it("one domain's sign-ups share a budget whatever the address; another domain is not held", async () => {
    const domain = `d${crypto.randomBytes(3).toString("hex")}.example`;
    expect((await viaApi(verify, `10.${octet()}.${octet()}.1`, account(domain))).status).toBe(201);
    expect((await viaApi(verify, `10.${octet()}.${octet()}.1`, account(domain))).status).toBe(201);
    const refused = await viaApi(verify, `10.${octet()}.${octet()}.1`, account(domain));
    await expectError(refused, 429, /^Too many sign-ups with this e-mail domain\./);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await viaApi(verify, `10.${octet()}.${octet()}.1`, account(`other-${domain}`))).status).toBe(201);
  });
});
