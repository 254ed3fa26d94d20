// The HTTP server: node:http in front of the React Router request handler (server/react-router.js),
// with the build's static files (server/static-files.js) and the security checks (server/guard.js).
// Production serves the build; development (NODE_ENV=development) runs Vite in middleware mode.
// WORKERS=N (or auto) runs N processes on one port over the one SQLite file (node:cluster).
// SIGTERM / SIGINT: stop accepting, answer every request in flight (up to 10 s), close idle
// keep-alive connections, checkpoint the WAL, close the database, exit 0.
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createGuard, defaultHost, DENY_ALL_CSP } from "./server/guard.js";
import { createMetrics, metricsConfig, serveMetrics } from "./server/metrics.js";
import { consoleThroughLogger, logger, observe, ROUTE, withRequestId } from "./server/observe.js";
import { createRequestHandler } from "./server/react-router.js";
import { createStaticHandler } from "./server/static-files.js";

const PORT = Number(process.env.PORT ?? 3000);
// Behind a proxy on this box (TRUST_PROXY=loopback) only loopback, else every address (decision 0250).
const HOST = process.env.HOST || defaultHost(process.env.TRUST_PROXY);
const DEV = process.env.NODE_ENV === "development";
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const DATABASE_FILE = path.resolve(process.env.DATABASE_PATH ?? "data/app.db");
const DRAIN_MS = 10_000;
const WORKERS = (() => {
  const value = process.env.WORKERS ?? "1";
  const n = value === "auto" ? os.availableParallelism() : Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WORKERS must be a whole number ≥ 1 or 'auto', not '${value}'.`);
  return DEV ? 1 : n;
})();

// Every line the server writes is one JSON line (decision 0138), console included.
if (!DEV) consoleThroughLogger();

// /metrics on a listener of its own (server/metrics.js), or null: checked before anything starts.
const METRICS = metricsConfig();

// While a server serves the database, its pid sits beside it: `npm run restore` refuses then
// (scripts/db-file.ts reads it).
const LOCK_FILE = `${DATABASE_FILE}.server-pid`;
function holdLock() {
  fs.mkdirSync(path.dirname(LOCK_FILE), { recursive: true });
  fs.writeFileSync(LOCK_FILE, String(process.pid));
}
function releaseLock() {
  try {
    if (fs.readFileSync(LOCK_FILE, "utf8").trim() === String(process.pid)) fs.rmSync(LOCK_FILE);
  } catch {
    // Already gone.
  }
}

if (cluster.isPrimary && WORKERS > 1) {
  runPrimary();
} else {
  await runServer();
}

/** The cluster's primary: forks the workers (the first alone, so migrations run once), keeps them up. */
function runPrimary() {
  holdLock();
  if (METRICS) serveMetrics(METRICS, { aggregate: true });
  let stopping = false;
  let listening = 0;
  let announced = false;
  // One worker sends the site's queued mail (app/models/upkeep/mail-sender.server.ts): the first, and
  // whichever replaces it when it dies.
  let mailSender;
  // Each worker's slot (1…WORKERS), its metrics' `worker` label: a replacement takes the dead one's.
  const slots = new Map();
  const fork = (slot = slots.size + 1) => {
    const sends = mailSender === undefined;
    const worker = cluster.fork({ CHORTLE_WORKER: String(slot), ...(sends ? { MAIL_SENDER: "1" } : {}) });
    slots.set(worker.id, slot);
    if (sends) mailSender = worker.id;
    worker.once("listening", (address) => {
      listening++;
      // The first worker has run the startup tasks (migrations, seed): the others may start.
      if (listening === 1) for (let i = 1; i < WORKERS; i++) fork();
      if (listening === WORKERS && !announced) {
        announced = true;
        logger.info(`Chortle is listening on http://localhost:${address.port} (${WORKERS} workers, primary ${process.pid}; address ${HOST})`);
      }
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        releaseLock();
        process.exit();
      }
      return;
    }
    if (!announced) {
      // A worker that dies while starting will die again: give up, loudly.
      logger.error(`Worker ${worker.process.pid} exited (${signal ?? code}) while starting: stopping.`);
      stop("SIGTERM");
      process.exitCode = 1;
      return;
    }
    logger.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    const slot = slots.get(worker.id);
    slots.delete(worker.id);
    const replacement = cluster.fork({ CHORTLE_WORKER: String(slot), ...(worker.id === mailSender ? { MAIL_SENDER: "1" } : {}) });
    slots.set(replacement.id, slot);
    if (worker.id === mailSender) mailSender = replacement.id;
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping ${WORKERS} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      logger.error("Workers did not stop in time: exiting.");
      releaseLock();
      process.exit(1);
    }, DRAIN_MS + 5_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  fork();
}

/** One server process (alone, or a cluster worker). */
async function runServer() {
  if (!cluster.isWorker) holdLock();
  let shuttingDown = false;
  let inFlight = 0;

  // Behind a reverse proxy, set TRUST_PROXY (e.g. 1 or "loopback") so rate limits see the real address.
  const guard = createGuard({ trustProxy: process.env.TRUST_PROXY, publicUrl: process.env.PUBLIC_URL });

  // Set last, whoever writes the answer (the app, a static file, Vite in development): only an
  // answer without a policy of its own gets the deny-all one; during shutdown, no keep-alive.
  class GuardedResponse extends http.ServerResponse {
    writeHead(...args) {
      if (!this.hasHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", DENY_ALL_CSP);
      if (shuttingDown) this.setHeader("Connection", "close");
      return super.writeHead(...args);
    }
  }

  const getLoadContext = (req, res) => {
    let nonce;
    let clientIp;
    return {
      // The route React Router matched (patches/README.md edit 8): the answer's label in the log
      // and the metrics (server/observe.js).
      set chortleRoute(id) {
        res[ROUTE] = id ?? undefined;
      },
      // Both made only when asked for: the address by rate limits, the nonce by a streamed document
      // (JSON, redirects and stored pages never need one).
      get clientIp() {
        clientIp ??= guard.clientAddress(req);
        return clientIp;
      },
      get cspNonce() {
        nonce ??= crypto.randomBytes(16).toString("base64");
        return nonce;
      },
    };
  };
  const onError = (error) => logger.error({ err: error }, error instanceof Error ? error.message : String(error));

  // The app ((req, res) → Promise, once the security checks have passed); the app's counters for the
  // metrics (entry.server.tsx operationsSnapshot); what closes the database the server build opened
  // (checkpointing the WAL).
  let app;
  let snapshot;
  let closeDatabase = () => {};
  if (DEV) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    const loadBuild = () => viteDevServer.ssrLoadModule("virtual:react-router/server-build");
    const handle = createRequestHandler({
      build: loadBuild,
      mode: "development",
      getLoadContext,
      origin: guard.origin,
      onError(error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        onError(error);
      },
    });
    // Vite's middlewares first (modules, HMR, public/), then the app.
    app = (req, res) =>
      new Promise((resolve) => {
        // Vite answers most requests itself, without calling next.
        res.once("close", resolve);
        viteDevServer.middlewares(req, res, (error) => {
          if (error) {
            onError(error);
            res.statusCode = 500;
            res.end("Internal Server Error");
            return resolve();
          }
          resolve(handle(req, res));
        });
      });
    closeDatabase = async () => {
      (await loadBuild()).entry.module.shutdown?.();
      await viteDevServer.close();
    };
  } else {
    const build = await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href);
    const serveStatic = createStaticHandler(path.join(BUILD_DIR, "client"));
    const handle = createRequestHandler({ build, mode: "production", getLoadContext, origin: guard.origin, onError });
    app = (req, res) => (serveStatic(req, res) ? void (res[ROUTE] = "static") : handle(req, res));
    closeDatabase = () => build.entry.module.shutdown?.();
    snapshot = build.entry.module.operationsSnapshot;
  }
  const metrics = METRICS ? createMetrics({ snapshot, inFlight: () => inFlight }) : null;
  if (METRICS && !cluster.isWorker) serveMetrics(METRICS);
  // Development runs React Router as it ships (no edit 8 says the route): its answers count as "dev".
  const watching = { trusted: guard.fromTrustedProxy, metrics, unmatched: DEV ? "dev" : "unmatched" };

  const server = http.createServer({ ServerResponse: GuardedResponse }, async (req, res) => {
    // Counted from arrival to the last byte (or the client going away), for the graceful shutdown.
    inFlight++;
    res.once("close", () => inFlight--);
    const requestId = observe(req, res, watching);
    try {
      guard.setHeaders(res);
      if (guard.refuse(req, res)) return void (res[ROUTE] = "refused");
      await withRequestId(requestId, () => app(req, res));
    } catch (error) {
      logger.error({ err: error, reqId: requestId }, "request failed");
      if (res.headersSent) return void res.destroy();
      res.statusCode = 500;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Internal Server Error");
    }
  });
  // An idle kept-alive connection is closed by the client (or the proxy in front: nginx keeps its
  // upstream connections 60 s) before the server does: a request sent on a connection the server is
  // closing at that moment fails ("other side closed"). Node's default is 5 s, as is a client's; under
  // load the two raced. server.close() still closes idle connections at shutdown.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(PORT, HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    if (cluster.isWorker) logger.info(`Worker ${process.pid} ready on port ${port}`);
    else logger.info(`Chortle is listening on http://localhost:${port} (address ${HOST})`);
  });

  const shutdown = (signal) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`${signal}: shutting down (pid ${process.pid}), ${inFlight} request(s) in flight`);
    const force = setTimeout(() => {
      logger.warn(`Requests still open after ${DRAIN_MS / 1000} s: closing their connections.`);
      server.closeAllConnections();
    }, DRAIN_MS);
    force.unref();
    // Keep-alive connections go as soon as they are idle (answers in flight say Connection: close).
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(async () => {
      clearInterval(idle);
      clearTimeout(force);
      try {
        await closeDatabase();
        logger.info(`Stopped cleanly (pid ${process.pid}): every request answered, WAL checkpointed, database closed.`);
      } catch (error) {
        logger.error({ err: error }, "Closing the database failed");
        process.exitCode = 1;
      }
      if (!cluster.isWorker) releaseLock();
      process.exit();
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
