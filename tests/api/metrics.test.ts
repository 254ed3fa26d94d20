// /metrics (server/metrics.js, decision 0137): on its own listener (METRICS_PORT), refused without
// METRICS_TOKEN's bearer token, in Prometheus' text format (read back with a parser of that format),
// its counters moving with the requests; with WORKERS=2 the primary sums both workers (each one's
// CPU and event-loop lag apart, by a `worker` label). The structured
// log (server/observe.js): one JSON line per request with its id, echoed in X-Request-Id, taken from
// a trusted proxy only. /healthz stays where it was, /metrics is not on the site's port.
import http from "node:http";
import parsePrometheusTextFormat, { type Family } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { youtubeQuota } from "#db/schema.ts";
import { memoEnabled } from "~/integrations/env.server.ts";
import { utcDay } from "~/models/youtube-quota.server.ts";
import { refreshDue } from "~/models/youtube-refresh.server.ts";
import { WRITE_BUDGETS } from "~/integrations/rate-limit.server.ts";
import { getFeedToken } from "~/models/syndication-token.server.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { Lane } from "../support/worker-lanes.ts";

const TOKEN = "a-metrics-token-for-the-test";

const metricsUrl = (logs: string) => {
  const match = /Metrics on (http:\/\/[^\s"]+)/.exec(logs);
  if (!match) throw new Error(`no metrics address in the log:\n${logs}`);
  return match[1].replace("http://0.0.0.0", "http://127.0.0.1");
};

type Scrape = Family[] & { text: string };
async function scrape(url: string, token: string | null = TOKEN): Promise<Scrape> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return Object.assign(parsePrometheusTextFormat(text), { text });
}

/** A histogram's count for one label set (the parser keeps a histogram's buckets, not its labels). */
function histogramCount(scraped: Scrape, name: string, labels: string): number {
  const line = scraped.text.split("\n").find((l) => l.startsWith(`${name}_count{${labels}}`));
  return Number(line?.split(" ").at(-1) ?? 0);
}

/** The value of the sample of `name` whose labels include `labels` (a histogram's count), or 0. */
function valueOf(families: Family[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  if (!family) throw new Error(`no ${name} in the metrics`);
  const sample = family.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? sample?.count ?? 0);
}

/** Asks for URLs that carry secrets (a private feed, reset, verification and unsubscribe links); what was hidden in them. */
async function askWithSecrets(api: ApiClient) {
  const member = await api.user();
  const token = getFeedToken({ userId: member.id });
  const feedPath = `/feeds/following/${token}.xml`;
  const feed = await fetch(`${api.url}${feedPath}`);
  expect(feed.status).toBe(200);
  expect(await feed.text()).toContain("<feed");
  // No action there: React Router's 405 is logged by the app, with the path.
  const posted = await fetch(`${api.url}${feedPath}`, { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  expect(posted.status).toBe(405);
  await posted.text();
  const secrets = ["reset-token-in-the-url-1234", "verify-token-in-the-url-5678", "Signature0123456789abcdef", "reset.victim@example.com"];
  for (const url of [
    `/reset-password?token=${secrets[0]}&email=${secrets[3]}`,
    `/account/verify-email?token=${secrets[1]}`,
    `/email/unsubscribe?u=${member.id}&scope=replies&sig=${secrets[2]}`,
  ]) {
    for (const method of ["GET", "PATCH"]) await (await fetch(`${api.url}${url}`, { method })).arrayBuffer();
  }
  // A body with a password, refused: it is not in any line either.
  const signIn = await fetch(`${api.url}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: member.username, password: "a-password-in-a-body-9876" }) });
  await signIn.arrayBuffer();
  secrets.push("a-password-in-a-body-9876");
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { token, secrets, feed, posted };
}

describe("metrics of one process", () => {
  let api: ApiClient;
  let url: string;
  beforeAll(async () => {
    api = await startApiServer({ METRICS_PORT: "0", METRICS_TOKEN: TOKEN, TRUST_PROXY: "loopback", RATE_LIMIT: "10/60", LOG_REQUESTS: "on" });
    url = metricsUrl(api.server.logs());
  });
  afterAll(() => api?.stop());

  it("refuses a scrape without the token, and is not on the site's port; health is", async () => {
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: "Bearer not-the-token" } })).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: TOKEN } })).status).toBe(401);
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    const health = await fetch(`${api.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
  });

  it("counts requests by route and status, times them, and reports the process, the database, the caches and the limits", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Counted" });
    const before = await scrape(url);
    const route = { route: "routes/post.$id", method: "GET", status: "200" };
    for (let i = 0; i < 3; i++) expect((await api.fetch(`/post/${post.id}`)).status).toBe(200);
    expect((await api.fetch("/post/999999999")).status).toBe(404);
    // Over the comment budget: the write limit refuses, and says so in the metrics.
    const member = await api.user();
    let refused = 0;
    for (let i = 0; i <= WRITE_BUDGETS.comment.points; i++) {
      const res = await api.fetch("/api/comments", { method: "POST", user: member, json: { postId: post.id, content: `Comment ${i}` } });
      if (res.status === 429) refused++;
      await res.arrayBuffer();
    }
    expect(refused).toBe(1);
    const after = await scrape(url);

    expect(valueOf(after, "chortle_http_requests_total", route) - valueOf(before, "chortle_http_requests_total", route)).toBe(3);
    expect(valueOf(after, "chortle_http_requests_total", { ...route, status: "404" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "chortle_http_requests_total", { route: "routes/api/comments", method: "POST", status: "429" })).toBe(1);
    const timed = 'route="routes/post.$id",method="GET"';
    expect(histogramCount(after, "chortle_http_request_duration_seconds", timed) - histogramCount(before, "chortle_http_request_duration_seconds", timed)).toBe(4);
    expect(after.find((f) => f.name === "chortle_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(valueOf(after, "chortle_rate_limit_refusals_total", { limiter: "write-comment-user" })).toBe(1);

    expect(valueOf(after, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(after.find((f) => f.name === "nodejs_eventloop_lag_p99_seconds")?.type).toBe("GAUGE");
    expect(valueOf(after, "chortle_sqlite_database_bytes")).toBeGreaterThan(0);
    expect(valueOf(after, "chortle_sqlite_wal_bytes")).toBeGreaterThan(0);
    expect(valueOf(after, "chortle_sqlite_busy_total")).toBe(0);
    expect(valueOf(after, "chortle_write_queue_length")).toBe(0);
    expect(valueOf(after, "chortle_http_requests_in_flight")).toBe(0);
    const lookups = (cache: string, result: string) => valueOf(after, "chortle_cache_lookups_total", { cache, result }) - valueOf(before, "chortle_cache_lookups_total", { cache, result });
    // The answer memo: asked for every page (MEMO=off: never, it is off).
    const asked = lookups("answer-memo", "hit") + lookups("answer-memo", "miss");
    expect(asked).toBe(memoEnabled() ? 4 : 0);
  });

  it("counts a request being answered as in flight, and a write given up on a held database as busy", async () => {
    const inFlight = async () => valueOf(await scrape(url), "chortle_http_requests_in_flight");
    expect(await inFlight()).toBe(0);
    // A request whose body is still coming is being answered: in flight until it ends.
    const { hostname, port } = new URL(api.url);
    const held = http.request({ hostname, port, method: "POST", path: "/api/comments", headers: { "Content-Type": "application/json", "Content-Length": "100", Origin: api.url } });
    held.on("error", () => {});
    held.write('{"postId": 1,');
    let seen = 0;
    for (let i = 0; i < 50 && seen === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await inFlight();
    }
    expect(seen).toBe(1);
    held.destroy();
    let after = seen;
    for (let i = 0; i < 50 && after !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await inFlight();
    }
    expect(after).toBe(0);

    // Another connection holds the write lock past the server's busy_timeout: the write gives up, counted.
    const member = await api.user();
    const post = api.post(member.id, { title: "Busy" });
    const busy = async () => valueOf(await scrape(url), "chortle_sqlite_busy_total");
    const before = await busy();
    api.db.$client.exec("BEGIN IMMEDIATE");
    let status = 0;
    try {
      const res = await api.fetch("/api/comments", { method: "POST", user: member, json: { postId: post.id, content: "Waits for the lock" } });
      status = res.status;
      await res.arrayBuffer();
    } finally {
      api.db.$client.exec("ROLLBACK");
    }
    expect(status).toBeGreaterThanOrEqual(500);
    expect((await busy()) - before).toBe(1);
  }, 30_000);

  it("reports the writes waiting for a group commit (the queue the gauge reads, in this process)", async () => {
    const { groupCommit } = await import("~/models/db.server.ts");
    const { operationsSnapshot } = await import("~/entry.server.tsx");
    const { createMetrics } = await import("../../server/metrics.js");
    const client = (await import("prom-client")).default;
    const registry = client.register;
    registry.clear();
    createMetrics({ snapshot: operationsSnapshot, inFlight: () => 0 });
    const gauge = async () => Number(/chortle_write_queue_length (\d+)/.exec(await registry.getSingleMetricAsString("chortle_write_queue_length"))?.[1]);
    const writes = [groupCommit(() => 1), groupCommit(() => 2), groupCommit(() => 3)];
    // Read in the same turn: the group commits on the next one.
    const queued = gauge();
    expect(await queued).toBe(3);
    expect(await Promise.all(writes)).toEqual([1, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 150)); // past the snapshot's 100 ms
    expect(await gauge()).toBe(0);
    registry.clear();
  });

  // The label is the route React Router matched (decision 0166): a page's `.data` counts as the page,
  // unknown URLs as the catch-all, build files as "static"; no path ever becomes a label.
  it("labels every answer by its route, a bounded set whatever the URL", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Labelled" });
    const before = await scrape(url);
    expect((await api.fetch(`/post/${post.id}.data`)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await api.fetch(`/no/such/page-${i}-${Date.now()}`)).status).toBe(404);
    expect((await api.fetch(`/api/no-such-${Date.now()}`)).status).toBe(404);
    const asset = /assets\/[\w.-]+\.css/.exec(await (await api.fetch("/")).text())?.[0];
    expect((await api.fetch(`/${asset}`)).status).toBe(200);
    const after = await scrape(url);
    const grew = (labels: Record<string, string>) => valueOf(after, "chortle_http_requests_total", labels) - valueOf(before, "chortle_http_requests_total", labels);
    expect(grew({ route: "routes/post.$id", method: "GET", status: "200" })).toBe(1);
    expect(grew({ route: "routes/not-found", method: "GET", status: "404" })).toBe(5);
    expect(grew({ route: "routes/api/not-found", method: "GET", status: "404" })).toBe(1);
    expect(grew({ route: "static", method: "GET", status: "200" })).toBe(1);
    const routes = new Set(after.find((f) => f.name === "chortle_http_requests_total")!.metrics.map((m) => m.labels?.route));
    expect([...routes].filter((r) => !r || r.includes("/no/") || r.includes("no-such") || /\d{3,}/.test(r))).toEqual([]);
  });

  it("reports the site's YouTube quota ledger for today and the posts due for the refresh job", async () => {
    api.post((await api.user()).id, { title: "Due for a check" });
    api.db.insert(youtubeQuota).values({ day: utcDay(Date.now()), purpose: "share", units: 37 }).onConflictDoUpdate({ target: [youtubeQuota.day, youtubeQuota.purpose], set: { units: 37 } }).run();
    // The app's snapshot is kept 100 ms between scrapes (server/metrics.js): the last one was just now.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const scraped = await scrape(url);
    expect(valueOf(scraped, "chortle_youtube_quota_units", { purpose: "share" })).toBe(37);
    expect(valueOf(scraped, "chortle_youtube_refresh_due")).toBe(refreshDue());
    expect(refreshDue()).toBeGreaterThan(0);
  });

  it("logs each request as one JSON line with its id, echoed; takes a trusted proxy's id, not a bad one", async () => {
    const plain = await fetch(`${api.url}/healthz`);
    const id = plain.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(`${api.url}/healthz?secret=not-logged`, { headers: { "X-Request-Id": "from-the-proxy-42" } });
    expect(given.headers.get("x-request-id")).toBe("from-the-proxy-42");
    const bad = await fetch(`${api.url}/healthz`, { headers: { "X-Request-Id": "no spaces allowed" } });
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = api.server
      .logs()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const line = lines.find((l) => l.reqId === "from-the-proxy-42" && l.msg === "request");
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/healthz", route: "routes/healthz", status: 200 });
    expect(typeof line?.ms).toBe("number");
    expect(JSON.stringify(line)).not.toContain("not-logged");
    expect(lines.some((l) => l.reqId === id)).toBe(true);
  });

  // Issue 45 finding 8: a private feed's token (its file name) was written to the log in full.
  it("writes no secret a URL carries to any line: a private feed's token, a reset link's token and e-mail, a verification token, an unsubscribe signature", async () => {
    const { token, secrets, feed, posted } = await askWithSecrets(api);
    const text = api.server.logs();
    const lines = text.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    const feedLines = lines.filter((l) => l.reqId === feed.headers.get("x-request-id") || l.reqId === posted.headers.get("x-request-id"));
    expect(feedLines.find((l) => l.msg === "request" && l.method === "GET")).toMatchObject({ path: "/feeds/following/[redacted]", route: "routes/syndication/following", status: 200 });
    expect(feedLines.some((l) => l.level === 40 && String(l.msg).startsWith("405 POST /feeds/following/[redacted]"))).toBe(true);
    expect(text).not.toContain(token);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it("writes the app's own messages as JSON lines too, with the id of the request they came from", async () => {
    const res = await fetch(`${api.url}/search`, { method: "POST", body: "q=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(405);
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = api.server.logs();
    const warned = text.split("\n").find((l) => l.includes("405 POST /search: Method Not Allowed"));
    expect(JSON.parse(warned ?? "null")).toMatchObject({ level: 40, reqId: res.headers.get("x-request-id"), msg: "405 POST /search: Method Not Allowed" });
    // Every line the server wrote is one JSON object.
    const notJson = text.split("\n").filter((l) => l.trim() && !l.startsWith("{"));
    expect(notJson).toEqual([]);
  });
});

describe("metrics of two workers", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ WORKERS: "2", METRICS_PORT: "0" });
  });
  afterAll(() => server?.stop());

  it("are the sum of both workers', scraped from the primary (no token needed on a loopback address)", async () => {
    const url = metricsUrl(server.logs());
    const base = new URL(server.url);
    const lanes: Lane[] = [];
    // Lanes until both workers have one.
    for (let i = 0; i < 20 && new Set(lanes.map((l) => l.pid)).size < 2; i++) {
      const lane = new Lane(base);
      await lane.open();
      lanes.push(lane);
    }
    const pids = [...new Set(lanes.map((l) => l.pid))];
    expect(pids).toHaveLength(2);
    const before = await scrape(url, null);
    // Five requests on each worker (robots.txt: the lanes' own probes ask /healthz).
    const robots = { route: "routes/syndication/robots", method: "GET", status: "200" };
    for (const pid of pids) {
      const lane = lanes.find((l) => l.pid === pid)!;
      for (let i = 0; i < 5; i++) expect((await lane.send("/robots.txt", { method: "GET", headers: {} })).status).toBe(200);
    }
    const after = await scrape(url, null);
    expect(valueOf(after, "chortle_http_requests_total", robots) - valueOf(before, "chortle_http_requests_total", robots)).toBe(10);
    // Each worker's own CPU and event-loop lag, by its slot: not one sum or average of both.
    for (const name of ["process_cpu_seconds_total", "nodejs_eventloop_lag_p99_seconds", "nodejs_heap_size_used_bytes"]) {
      const workers = after.find((f) => f.name === name)!.metrics.map((m) => m.labels?.worker);
      expect(workers.sort(), name).toEqual(["1", "2"]);
    }
    for (const lane of lanes) lane.close();
  });

  it("are not served on a public address without a token", async () => {
    const refused = await startServer({ METRICS_PORT: "0", METRICS_HOST: "0.0.0.0" }).then(
      (s) => s.stop().then(() => "started"),
      (error: Error) => error.message,
    );
    expect(refused).toContain("METRICS_HOST 0.0.0.0 is not a loopback address: set METRICS_TOKEN too.");
  });
});

describe("the log for a person (LOG_FORMAT=pretty, as a terminal gets by default)", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await startApiServer({ LOG_FORMAT: "pretty", LOG_REQUESTS: "on", TRUST_PROXY: "loopback" });
  });
  afterAll(() => api?.stop());

  it("is one readable line per request and message, with no JSON and no secret a URL or a body carries", async () => {
    const { token, secrets, feed } = await askWithSecrets(api);
    const text = api.server.logs();
    const lines = text.split("\n").filter((l) => l.trim());
    expect(lines.filter((l) => l.startsWith("{"))).toEqual([]);
    // [time] LEVEL (pid): what was asked, its status, its time, its route, the id's start.
    const id = feed.headers.get("x-request-id")!.slice(0, 8);
    expect(lines.find((l) => l.includes(`[${id}]`) && l.includes("INFO"))).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(\d+\): GET \/feeds\/following\/\[redacted\] 200 [\d.]+ ms( \d+ B)? \(routes\/syndication\/following\) \[[0-9a-f]{8}\]$/);
    expect(lines.some((l) => / WARN \(\d+\): 405 POST \/feeds\/following\/\[redacted\]/.test(l))).toBe(true);
    expect(text).toMatch(/INFO \(\d+\): Chortle is listening on http:\/\/localhost:\d+ \(address 127\.0\.0\.1\)/);
    expect(text).not.toContain(token);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
