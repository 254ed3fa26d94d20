// Debian's nginx with the shipped configuration (deploy/nginx/chortle.conf) in front of the built
// server (docs/decisions/0135): visitors' pages come from its cache, members' requests and every
// write go through, a visitor is never given a member's page (nor the other way round), a cookie a
// visitor sets (the theme) gets its own copy, and a write, or a removed post, reaches visitors within
// the stated lag: the app's own (VISITOR_LAG_MS, 0049) plus what the proxy may add (s-maxage and
// stale-while-revalidate). nginx has no purge: that lag is the promise.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR_LAG_MS } from "~/pipeline/answer-memo.server.ts";
import { SHARED_CACHE_CONTROL, SHARED_MAX_AGE_S, SHARED_STALE_S } from "~/rules/cache-rules.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { startNginx, type RunningNginx } from "../support/nginx.ts";
import { freePort } from "../support/server.ts";

/** How long after a write a visitor behind the proxy may still see what was before it. */
const PROXY_LAG_MS = VISITOR_LAG_MS + (SHARED_MAX_AGE_S + SHARED_STALE_S) * 1000;
// The test's own writes (users, posts) are another process's to the server: its caches may lag
// behind them this long, and the answer memo keeps nothing until then.
const SETTLE_MS = 5_200;
// One polling step and the time a request takes.
const SLACK_MS = 400;

let api: ApiClient;
let proxy: RunningNginx;
beforeAll(async () => {
  const port = await freePort();
  api = await startApiServer({ PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: "loopback" });
  proxy = await startNginx(new URL(api.url).host, port);
});
afterAll(async () => {
  await proxy?.stop();
  await api?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Via = { method?: string; user?: ApiUser; form?: Record<string, string>; json?: unknown; cookie?: string };
/** A request through the proxy. */
function via(path: string, { method = "GET", user, form, json, cookie }: Via = {}) {
  const headers: Record<string, string> = {};
  if (user || cookie) headers.Cookie = [user?.cookie, cookie].filter(Boolean).join("; ");
  let body: string | undefined;
  if (form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  }
  return fetch(`${proxy.url}${path}`, { method, headers, body, redirect: "manual" });
}

async function page(path: string, options: Via = {}) {
  const res = await via(path, options);
  return { status: res.status, cache: res.headers.get("x-cache-status"), control: res.headers.get("cache-control"), etag: res.headers.get("etag"), vary: res.headers.get("vary"), html: await res.text() };
}

const score = (html: string) => /data-testid="score"><span class="sr-only">Score: <\/span>(-?\d+)/.exec(html)?.[1];

describe("nginx in front of the app", () => {
  it("answers visitors from its cache, and lets members and writes through", async () => {
    const [author, reader] = [await api.user(), await api.user()];
    const post = api.post(author.id, { title: "Kept by the proxy for a second" });
    const path = `/post/${post.id}`;

    const first = await page(path);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("MISS");
    expect(first.control).toBe(SHARED_CACHE_CONTROL);
    expect(first.vary).toMatch(/\bCookie\b/);
    const again = await page(path);
    expect(again.cache).toBe("HIT");
    expect(again.etag).toBe(first.etag);
    expect(again.html).toBe(first.html);

    // A member's request is never answered from the cache, and its answer is never stored.
    const member = await page(path, { user: reader });
    expect(member.cache).toBe("BYPASS");
    expect(member.control).toBe("private, no-store");
    expect(member.html).toContain(`Account menu for ${reader.username}`);
    const visitorAfter = await page(path);
    expect(visitorAfter.html).not.toContain(reader.username);
    expect(visitorAfter.html).toContain("Kept by the proxy for a second");

    // A page a member asks for first: the visitor after them is not given the member's copy.
    const fresh = `/?sort=new&t=${post.id}`;
    expect((await page(fresh, { user: reader })).html).toContain(`Account menu for ${reader.username}`);
    const visitor = await page(fresh);
    expect(visitor.cache).toBe("MISS");
    expect(visitor.control).toBe(SHARED_CACHE_CONTROL);
    expect(visitor.html).not.toContain(reader.username);

    // A cookie a visitor sets (the theme) gets a copy of its own (Vary: Cookie).
    const dark = await page(path, { cookie: "chortle_theme=dark" });
    expect(dark.html).toMatch(/<html[^>]*class="dark"/);
    expect(dark.cache).toBe("MISS");
    expect((await page(path, { cookie: "chortle_theme=dark" })).cache).toBe("HIT");
    expect((await page(path)).html).not.toMatch(/<html[^>]*class="dark"/);

    // A write goes through (POST is never cached) and is answered by the app.
    const vote = await via("/api/votes", { method: "POST", user: reader, json: { postId: post.id, isUpvote: true } });
    expect(vote.status).toBe(200);
    expect(vote.headers.get("x-cache-status")).toBeNull();
    expect(api.db.$client.prepare("SELECT count(*) AS n FROM votes WHERE post_id = ? AND user_id = ?").get(post.id, reader.id)).toEqual({ n: 1 });
    // A visitor's form write (the theme) too: its 303 sets a cookie and is not kept.
    const theme = await via("/theme", { method: "POST", form: { theme: "dark", redirectTo: "/" } });
    expect(theme.status).toBe(303);
    expect(theme.headers.get("set-cookie")).toMatch(/chortle_theme=dark/);
  });

  it("says and logs its own request id on every answer (a HIT's is not the one that filled the cache) and its cache status", async () => {
    const post = api.post((await api.user()).id, { title: "Asked twice, two ids" });
    const path = `/post/${post.id}?utm=1&token=kept-out-of-the-log`;
    const first = await via(path, { cookie: "tz=UTC" });
    const again = await via(path, { cookie: "tz=UTC" });
    await Promise.all([first.text(), again.text()]);
    expect([first.headers.get("x-cache-status"), again.headers.get("x-cache-status")]).toEqual(["MISS", "HIT"]);
    const [missId, hitId] = [first.headers.get("x-request-id"), again.headers.get("x-request-id")];
    expect(missId).toMatch(/^[0-9a-f]{32}$/);
    expect(hitId).toMatch(/^[0-9a-f]{32}$/);
    expect(hitId).not.toBe(missId);
    // One header each, nginx's: the app's echo of the filling request is not passed on.
    expect(again.headers.get("x-request-id")).not.toContain(",");
    await sleep(100);
    const lines = proxy.accessLog();
    expect(lines.find((l) => l.reqId === missId)).toMatchObject({ method: "GET", path: `/post/${post.id}`, status: 200, cache: "MISS" });
    expect(lines.find((l) => l.reqId === hitId)).toMatchObject({ path: `/post/${post.id}`, status: 200, cache: "HIT" });
    expect(JSON.stringify(lines)).not.toContain("kept-out-of-the-log");
  });

  it("shows visitors a write, and drops a removed post, within the stated lag", { timeout: 60_000 }, async () => {
    const [author, voter] = [await api.user(), await api.user()];
    const post = api.post(author.id, { title: "Seen late, but not too late" });
    const path = `/post/${post.id}`;
    await sleep(SETTLE_MS);
    // Kept by the app's answer memo and by the proxy.
    expect(score((await page(path)).html)).toBe("0");
    expect((await page(path)).cache).toBe("HIT");

    expect((await via("/api/votes", { method: "POST", user: voter, json: { postId: post.id, isUpvote: true } })).status).toBe(200);
    const voted = Date.now();
    // The member who voted sees it at once (their requests go through).
    expect(score((await page(path, { user: voter })).html)).toBe("1");
    let seen = score((await page(path)).html);
    while (seen !== "1" && Date.now() - voted < PROXY_LAG_MS + SLACK_MS) {
      await sleep(100);
      seen = score((await page(path)).html);
    }
    expect(seen).toBe("1");
    expect(Date.now() - voted).toBeLessThan(PROXY_LAG_MS + SLACK_MS);

    // Removed by its author: gone for the author at once, for visitors within the lag.
    await sleep(SETTLE_MS - PROXY_LAG_MS);
    expect((await page(path)).status).toBe(200);
    expect((await page(path)).cache).toBe("HIT");
    const removal = await via(`/post/${post.id}/delete`, { method: "POST", user: author, form: {} });
    expect(removal.status).toBe(303);
    const removed = Date.now();
    expect((await page(path, { user: author })).status).toBe(404);
    let status = (await page(path)).status;
    while (status !== 404 && Date.now() - removed < PROXY_LAG_MS + SLACK_MS) {
      await sleep(100);
      status = (await page(path)).status;
    }
    expect(status).toBe(404);
    expect(Date.now() - removed).toBeLessThan(PROXY_LAG_MS + SLACK_MS);
    // And stays gone (a 404 is not a page every visitor shares: never kept as one).
    expect((await page(path)).status).toBe(404);
  });
});

describe("feeds and sitemaps behind nginx", () => {
  it("drop a removed post within the lag pages promise (issue 45, finding 7)", { timeout: 60_000 }, async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Gone from the feed in time" });
    await sleep(SETTLE_MS);
    const inFeed = async (path: string) => new RegExp(`/post/${post.id}(?!\\d)`).test((await page(path)).html);
    const controls: (string | null)[] = [];
    for (const path of ["/feed.xml", "/sitemap.xml"]) {
      controls.push((await page(path)).control);
      expect(await inFeed(path), path).toBe(true);
      expect((await page(path)).cache, path).toBe("HIT");
    }
    const removal = await via(`/post/${post.id}/delete`, { method: "POST", user: author, form: {} });
    expect(removal.status).toBe(303);
    const removed = Date.now();
    for (const path of ["/feed.xml", "/sitemap.xml"]) {
      let listed = await inFeed(path);
      while (listed && Date.now() - removed < PROXY_LAG_MS + SLACK_MS) {
        await sleep(100);
        listed = await inFeed(path);
      }
      expect(listed, path).toBe(false);
    }
    expect(Date.now() - removed).toBeLessThan(PROXY_LAG_MS + SLACK_MS);
    // How: the same shared lifetime as a visitor's page.
    expect(controls).toEqual([SHARED_CACHE_CONTROL, SHARED_CACHE_CONTROL]);
  });
});

describe("a forwarded host never reaches a kept page (issue 45, finding 4)", () => {
  it("nginx sets X-Forwarded-Host and Host itself: what the client claims never reaches the app", async () => {
    const echo = http.createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ host: req.headers.host, forwardedHost: req.headers["x-forwarded-host"] ?? null }));
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const address = echo.address();
    const echoProxy = await startNginx(`127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    try {
      const res = await fetch(`${echoProxy.url}/anything`, { headers: { "X-Forwarded-Host": "attacker.example" } });
      const seen = (await res.json()) as { host: string; forwardedHost: string | null };
      expect(seen.forwardedHost).toBe(new URL(echoProxy.url).host);
      expect(seen.host).toBe(new URL(echoProxy.url).host);
    } finally {
      await echoProxy.stop();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it("without PUBLIC_URL, X-Forwarded-Host: attacker.example is a MISS with no attacker link, and the next visitor gets none", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const bare = await startApiServer({ PUBLIC_URL: "", TRUST_PROXY: "loopback" });
    const front = await startNginx(new URL(bare.url).host, port);
    try {
      const author = await bare.user();
      bare.post(author.id, { title: "A post whose links must stay ours" });
      await sleep(SETTLE_MS);
      for (const path of ["/feed.xml", "/sitemap.xml", "/"]) {
        const attack = await fetch(`${front.url}${path}`, { headers: { "X-Forwarded-Host": "attacker.example" } });
        const attacked = await attack.text();
        expect(attack.status, path).toBe(200);
        expect(attack.headers.get("x-cache-status"), path).toBe("MISS");
        expect(attacked, path).not.toContain("attacker.example");
        const plain = await fetch(`${front.url}${path}`);
        const text = await plain.text();
        expect(text, path).not.toContain("attacker.example");
        expect(text, path).toContain(`http://127.0.0.1:${port}/`);
      }
    } finally {
      await front.stop();
      await bare.stop();
    }
  });
});
