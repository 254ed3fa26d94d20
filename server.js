// The HTTP server: Express in front of the React Router request handler.
// Production serves the build; development (NODE_ENV=development) runs Vite in middleware mode.
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
const DEV = process.env.NODE_ENV === "development";
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy, set TRUST_PROXY (e.g. 1 or "loopback") so rate limits see the real address.
if (process.env.TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY);
// Redirects and empty answers have nothing worth compressing.
app.use(
  compression({
    filter: (req, res) => res.statusCode >= 200 && res.statusCode < 300 && res.statusCode !== 204 && compression.filter(req, res),
  }),
);

app.use((req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
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

const getLoadContext = (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" });

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
} else {
  const build = await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href);
  app.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));
  app.use(createRequestHandler({ build, getLoadContext, mode: "production" }));
}

const server = app.listen(PORT, HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  console.log(`Chortle is listening on http://localhost:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
