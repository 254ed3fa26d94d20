// BENCH FIXTURE ONLY, not used in production: the Express 5 + compression + express.static +
// @react-router/express server that server.js was until 2026-11-23, kept so `npm run bench:stack`
// can measure it against today's node:http server (server.js) in the same run. Run from the repo
// root (`node bench/express-server.js`), with the same environment as server.js.
// It still needs express, compression and @react-router/express (devDependencies then).
//
// The HTTP server: Express in front of the React Router request handler.
// Production serves the build; development (NODE_ENV=development) runs Vite in middleware mode.
// WORKERS=N (or auto) runs N processes on one port over the one SQLite file (node:cluster).
// SIGTERM / SIGINT: stop accepting, answer every request in flight (up to 10 s), close idle
// keep-alive connections, checkpoint the WAL, close the database, exit 0.
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
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
  let stopping = false;
  let listening = 0;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", (address) => {
      listening++;
      // The first worker has run the startup tasks (migrations, seed): the others may start.
      if (listening === 1) for (let i = 1; i < WORKERS; i++) fork();
      if (listening === WORKERS && !announced) {
        announced = true;
        console.log(`Chortle is listening on http://localhost:${address.port} (${WORKERS} workers, primary ${process.pid})`);
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
      console.error(`Worker ${worker.process.pid} exited (${signal ?? code}) while starting: stopping.`);
      stop("SIGTERM");
      process.exitCode = 1;
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${WORKERS} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      console.error("Workers did not stop in time: exiting.");
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

  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy, set TRUST_PROXY (e.g. 1 or "loopback") so rate limits see the real address.
  if (process.env.TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY);

  // Counted from arrival to the last byte (or the client going away), for the graceful shutdown.
  app.use((req, res, next) => {
    inFlight++;
    res.once("close", () => inFlight--);
    next();
  });

  // Redirects and empty answers have nothing worth compressing.
  app.use(
    compression({
      filter: (req, res) => res.statusCode >= 200 && res.statusCode < 300 && res.statusCode !== 204 && compression.filter(req, res),
    }),
  );

  const HSTS = process.env.PUBLIC_URL?.startsWith("https://") ? "max-age=31536000" : null;
  // Documents get their own policy (app/pipeline/csp.server.ts); everything else may run nothing.
  const DENY_ALL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  const PERMISSIONS = "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()";
  app.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", PERMISSIONS);
    if (HSTS) res.setHeader("Strict-Transport-Security", HSTS);
    // Set last, once the handler is done: React Router appends its headers, so only a response
    // without a policy of its own gets the deny-all one; during shutdown, no keep-alive.
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      if (!res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", DENY_ALL_CSP);
      if (shuttingDown) res.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    };
    next();
  });

  // Bodies are small here (forms and JSON): refuse big ones before anything reads them.
  const MAX_BODY_BYTES = 1024 * 1024;
  app.use((req, res, next) => {
    const length = req.get("content-length");
    if (length !== undefined && Number(length) > MAX_BODY_BYTES) {
      return res.status(413).json({ message: "Request body is too large." });
    }
    // Browsers and scripts send Content-Length; a chunked body of unknown size is not accepted.
    if (length === undefined && req.get("transfer-encoding")) {
      return res.status(411).json({ message: "Content-Length is required." });
    }
    next();
  });

  // Cross-site writes are refused on every action and endpoint. Requests with neither
  // Origin nor Sec-Fetch-Site (curl, scripts) pass; a browser always sends one of them.
  const PUBLIC_HOST = (() => {
    try {
      return process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).host : null;
    } catch {
      return null;
    }
  })();
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    let crossSite = site === "cross-site" || site === "same-site" || origin === "null";
    if (!crossSite && origin && origin !== "null") {
      // Our own hosts: the one asked for, the proxy's forwarded one (when trusted) and PUBLIC_URL's.
      const hosts = [req.get("host"), req.app.get("trust proxy") ? req.get("x-forwarded-host") : undefined, PUBLIC_HOST];
      try {
        crossSite = !hosts.includes(new URL(origin).host);
      } catch {
        crossSite = true;
      }
    }
    if (crossSite) return res.status(403).json({ message: "Cross-site requests are not allowed." });
    next();
  });

  const getLoadContext = (req) => {
    let nonce;
    return {
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      // Made only when a streamed document asks for it (JSON, redirects and stored pages never do).
      get cspNonce() {
        nonce ??= crypto.randomBytes(16).toString("base64");
        return nonce;
      },
    };
  };

  /** Closes the database the server build opened (checkpointing the WAL). */
  let closeDatabase = () => {};
  if (DEV) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteDevServer.middlewares);
    app.use(async (req, res, next) => {
      try {
        const build = await viteDevServer.ssrLoadModule("virtual:react-router/server-build");
        return createRequestHandler({ build, getLoadContext })(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
    closeDatabase = async () => {
      const build = await viteDevServer.ssrLoadModule("virtual:react-router/server-build");
      build.entry.module.shutdown?.();
      await viteDevServer.close();
    };
  } else {
    const build = await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href);
    app.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));
    app.use(createRequestHandler({ build, getLoadContext, mode: "production" }));
    closeDatabase = () => build.entry.module.shutdown?.();
  }

  const server = app.listen(PORT, HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    if (cluster.isWorker) console.log(`Worker ${process.pid} ready on port ${port}`);
    else console.log(`Chortle is listening on http://localhost:${port}`);
  });

  const shutdown = (signal) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal}: shutting down (pid ${process.pid}), ${inFlight} request(s) in flight`);
    const force = setTimeout(() => {
      console.error(`Requests still open after ${DRAIN_MS / 1000} s: closing their connections.`);
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
        console.log(`Stopped cleanly (pid ${process.pid}): every request answered, WAL checkpointed, database closed.`);
      } catch (error) {
        console.error("Closing the database failed:", error);
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
