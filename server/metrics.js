// /metrics in Prometheus' text format (prom-client; decision 0137), on a listener of its own:
// METRICS_PORT (off when unset) on METRICS_HOST (127.0.0.1 by default: an internal address), with
// `Authorization: Bearer METRICS_TOKEN` required when that is set; a non-loopback METRICS_HOST
// without a token is refused at start. With WORKERS > 1 the cluster's primary serves it, summing the
// workers' metrics (prom-client's AggregatorRegistry), except the process's own (CPU, event-loop lag,
// heap, GC): those carry a `worker` label (the worker's slot, 1…WORKERS, kept by its replacement), so
// a worker near saturation shows as itself, not summed or averaged away. Health (/healthz) stays on
// the site's port.
import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import client from "prom-client";
import { logger } from "./observe.js";

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The metrics settings from the environment, or null when they are off. */
export function metricsConfig(env = process.env) {
  if (!env.METRICS_PORT) return null;
  const port = Number(env.METRICS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`METRICS_PORT must be a port number, not '${env.METRICS_PORT}'.`);
  const host = env.METRICS_HOST || "127.0.0.1";
  const token = env.METRICS_TOKEN || null;
  const loopback = host === "localhost" || host === "::1" || /^127\./.test(host);
  if (!loopback && !token) throw new Error(`METRICS_HOST ${host} is not a loopback address: set METRICS_TOKEN too.`);
  return { port, host, token };
}

/**
 * A counter whose value is a running total kept elsewhere (`read()` → [labels, total][]): each
 * scrape adds what the total grew by since the last one.
 */
function totalCounter(name, help, labelNames, read) {
  const last = new Map();
  return new client.Counter({
    name,
    help,
    labelNames,
    collect() {
      for (const [labels, total] of read()) {
        const key = JSON.stringify(labels);
        const grown = total - (last.get(key) ?? 0);
        last.set(key, total);
        this.inc(labels, Math.max(0, grown)); // 0 too: the series is there from the first scrape
      }
    },
  });
}

/**
 * This process's metrics, in prom-client's global registry (the one the cluster's primary asks each
 * worker for). `snapshot()`: the app's operationsSnapshot (app/entry.server.tsx); `inFlight()`:
 * requests being answered.
 */
export function createMetrics({ snapshot, inFlight }) {
  // A worker answers the primary's requests for its metrics once an AggregatorRegistry is made here.
  if (cluster.isWorker) new client.AggregatorRegistry();
  // process_cpu_seconds_total, nodejs_eventloop_lag_*, heap, GC …: per worker (decision 0253).
  client.collectDefaultMetrics(cluster.isWorker ? { labels: { worker: process.env.CHORTLE_WORKER ?? String(cluster.worker?.id) } } : {});
  const requests = new client.Counter({ name: "chortle_http_requests_total", help: "Requests answered, by route (app/routes.ts id), method and status.", labelNames: ["route", "method", "status"] });
  const duration = new client.Histogram({ name: "chortle_http_request_duration_seconds", help: "Time from a request's arrival to its answer's last byte, by route and method.", labelNames: ["route", "method"], buckets: BUCKETS });
  let taken = { at: 0, value: null };
  const app = () => {
    const now = Date.now();
    if (now - taken.at > 100) taken = { at: now, value: snapshot?.() ?? null };
    return taken.value;
  };
  new client.Gauge({ name: "chortle_http_requests_in_flight", help: "Requests being answered now (a queue length).", aggregator: "sum", collect() { this.set(inFlight()); } });
  new client.Gauge({ name: "chortle_write_queue_length", help: "Writes waiting for the next group commit (a queue length).", aggregator: "sum", collect() { this.set(app()?.queuedWrites ?? 0); } });
  new client.Gauge({ name: "chortle_sqlite_wal_bytes", help: "Size of the database's -wal file.", aggregator: "max", collect() { this.set(app()?.walBytes ?? 0); } });
  new client.Gauge({ name: "chortle_sqlite_database_bytes", help: "Size of the database file.", aggregator: "max", collect() { this.set(app()?.databaseBytes ?? 0); } });
  totalCounter("chortle_sqlite_busy_total", "Writes given up because another connection held the database past busy_timeout (SQLITE_BUSY/LOCKED).", [], () => [[{}, app()?.busyWrites ?? 0]]);
  totalCounter("chortle_cache_lookups_total", "Lookups of each memo and cache (app/pipeline/README.md), by result: hit or miss.", ["cache", "result"], () =>
    (app()?.lookups ?? []).flatMap(({ cache, hits, misses }) => [[{ cache, result: "hit" }, hits], [{ cache, result: "miss" }, misses]]),
  );
  totalCounter("chortle_rate_limit_refusals_total", "Requests refused by a limit (the write limits and the sign-in ones), by limiter.", ["limiter"], () =>
    Object.entries(app()?.refusals ?? {}).map(([limiter, n]) => [{ limiter }, n]),
  );
  // The YouTube quota and the refresh job (decision 0196): the ledger is the database's, so "max".
  new client.Gauge({ name: "chortle_youtube_quota_units", help: "YouTube Data API units spent today (UTC day), by purpose: share (members' lookups) or refresh (the job).", labelNames: ["purpose"], aggregator: "max", collect() { for (const [purpose, units] of Object.entries(app()?.youtube?.quota ?? {})) this.set({ purpose }, units); } });
  new client.Gauge({ name: "chortle_youtube_refresh_due", help: "Posts whose YouTube facts are due for the refresh job (last checked 25 days ago or never).", aggregator: "max", collect() { this.set(app()?.youtube?.due ?? 0); } });
  totalCounter("chortle_youtube_refreshed_total", "Posts the refresh job checked, by result: refreshed, gone (no longer on YouTube), expired (facts cleared at 30 days).", ["result"], () => Object.entries(app()?.youtube?.refreshed ?? {}).map(([result, n]) => [{ result }, n]));
  return {
    observe(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      duration.observe({ route, method }, seconds);
    },
  };
}

const sameToken = (given, token) => {
  const a = Buffer.from(String(given ?? ""));
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

/** The metrics listener: this process's registry, or the cluster's (`aggregate: true`, in the primary). */
export function serveMetrics({ port, host, token }, { aggregate = false } = {}) {
  const aggregator = aggregate ? new client.AggregatorRegistry() : null;
  const server = http.createServer(async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if ((req.url ?? "").split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.statusCode = 404;
      return res.end("Not found\n");
    }
    if (token && !sameToken(req.headers.authorization, token)) {
      res.statusCode = 401;
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return res.end("A bearer token is required.\n");
    }
    try {
      const body = aggregator ? await aggregator.clusterMetrics() : await client.register.metrics();
      res.setHeader("Content-Type", client.register.contentType);
      res.end(body);
    } catch (error) {
      res.statusCode = 500;
      res.end(`Metrics failed: ${error instanceof Error ? error.message : error}\n`);
    }
  });
  server.listen(port, host, () => {
    const address = server.address();
    logger.info(`Metrics on http://${address.address}:${address.port}/metrics`);
  });
  return server;
}
