// What the server says about each request: a request id (the one a trusted proxy sent in
// X-Request-Id, else a new one), echoed in the answer's X-Request-Id; one structured JSON line (pino)
// when the answer is done (id, method, path without its query, route, status, ms, bytes); and the
// request counted by route and status in the metrics (server/metrics.js), when they are on.
// Every other line the process writes (console included, consoleThroughLogger) is JSON too, with the
// request id while a request is answered. LOG_REQUESTS=off drops the request lines (the server's own
// messages stay). Decision 0138.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { format } from "node:util";
import { matchRoutes } from "react-router";
import pino from "pino";

// The id of the request being answered, for every line logged while it is (the app's own too).
const requestIds = new AsyncLocalStorage();

// Written asynchronously (flushed at exit): a synchronous write to a pipe its reader drains slowly
// would stall the event loop, and every request with it.
export const logger = pino(
  {
    base: { pid: process.pid },
    mixin: () => {
      const reqId = requestIds.getStore();
      return reqId ? { reqId } : {};
    },
  },
  pino.destination({ dest: 1, sync: false }),
);

/** Runs `answer` as request `id`: every line logged meanwhile carries `reqId`. */
export const withRequestId = (id, answer) => requestIds.run(id, answer);

/**
 * The process's console (the app's warnings, React Router's errors) written through the logger: one
 * JSON line each, an Error as pino's `err` (its stack inside the line), the request id when there is
 * one. Not in development, where Vite talks to a person.
 */
export function consoleThroughLogger() {
  for (const [method, level] of [["error", "error"], ["warn", "warn"], ["info", "info"], ["log", "info"], ["debug", "debug"]]) {
    console[method] = (...args) => {
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const msg = rest.length > 0 ? format(...rest) : (err?.message ?? "");
      if (err) logger[level]({ err }, msg);
      else logger[level](msg);
    };
  }
}
const LOG_REQUESTS = process.env.LOG_REQUESTS !== "off";

const GIVEN_ID = /^[\w.:@-]{1,128}$/;
/** What server.js marks on a response answered before the app (a static file, a guard's refusal). */
export const ROUTE = Symbol("chortle.route");

/**
 * The route id (app/routes.ts) of a path, from the build's route manifest: a bounded label for
 * metrics, where the path itself is not. `.data` requests count as the page they load for.
 */
export function routeMatcher(manifest) {
  const byParent = new Map();
  for (const route of Object.values(manifest ?? {})) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId) =>
    (byParent.get(parentId) ?? []).map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: tree(r.id) }));
  const routes = tree(undefined);
  const known = new Map();
  return (pathname) => {
    let id = known.get(pathname);
    if (id) return id;
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(routes, page);
    id = matches?.at(-1)?.route.id ?? "unmatched";
    if (known.size >= 4096) known.clear();
    known.set(pathname, id);
    return id;
  };
}

/**
 * Starts watching `res`: the request id now (answers carry it), the log line and the metrics when it
 * is done. `trusted(req)`: whether the request came through a proxy we trust (its id is taken).
 */
export function observe(req, res, { trusted, routeOf, metrics }) {
  const started = process.hrtime.bigint();
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && GIVEN_ID.test(given) && trusted(req) ? given : crypto.randomUUID();
  res.setHeader("X-Request-Id", id);
  res.once("close", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const path = (req.url ?? "/").split("?")[0];
    const route = res[ROUTE] ?? routeOf(path);
    const status = res.writableFinished ? res.statusCode : 499;
    metrics?.observe(route, req.method ?? "GET", status, seconds);
    if (LOG_REQUESTS) logger.info({ reqId: id, method: req.method, path, route, status, ms: Math.round(seconds * 10_000) / 10, bytes: Number(res.getHeader("Content-Length")) || undefined }, "request");
  });
  return id;
}
