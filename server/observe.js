// What the server says about each request: a request id (the one a trusted proxy sent in
// X-Request-Id, else a new one), echoed in the answer's X-Request-Id; one structured JSON line (pino)
// when the answer is done (id, method, path without its query, route, status, ms, bytes); and the
// request counted by route and status in the metrics (server/metrics.js), when they are on.
// Every other line the process writes (console included, consoleThroughLogger) goes the same way, with
// the request id while a request is answered. LOG_REQUESTS=off drops the request lines (the server's
// own messages stay). No line holds a secret a URL can carry (server/redact.js): it is taken out
// before a line is formatted, so both formats below are clean. Decisions 0138, 0251.
//
// The format (LOG_FORMAT): `json`, one JSON line each, for journald and collectors; `pretty`, one
// readable coloured line each (pino-pretty), for a person at a terminal; unset, pretty when stdout is
// a terminal, else JSON (a pipe, a file, a service manager).
//
// The route is not looked up here: React Router's own match, made once per request anyway, says it
// (patches/README.md edit 8 writes it into the load context, server.js hands it to `res[ROUTE]`; a
// kept answer carries the route it was made for). Per request this file costs a fixed few steps,
// whatever the URL (decision 0166).
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { format } from "node:util";
import pino from "pino";
import pretty from "pino-pretty";
import { redactPath, redactSecrets } from "./redact.js";

// The id of the request being answered, for every line logged while it is (the app's own too).
const requestIds = new AsyncLocalStorage();

/** An error as pino writes it, its message and stack without secrets. */
function redactedError(error) {
  const out = pino.stdSerializers.err(error);
  if (out && typeof out === "object") {
    out.message = redactSecrets(out.message);
    out.stack = redactSecrets(out.stack);
  }
  return out;
}

/** The log's format: LOG_FORMAT when it says one, else by whether stdout is a terminal. */
function logFormat(value = process.env.LOG_FORMAT, terminal = Boolean(process.stdout.isTTY)) {
  if (value === "json" || value === "pretty") return value;
  if (value) throw new Error(`LOG_FORMAT must be 'json' or 'pretty', not '${value}'.`);
  return terminal ? "pretty" : "json";
}

// A request line as a person reads it: what was asked, what it got, how long it took.
const REQUEST_FIELDS = ["reqId", "method", "path", "route", "status", "ms", "bytes"];
const shortId = (id) => (typeof id === "string" && id.length > 12 ? id.slice(0, 8) : id);
function readableLine(log, messageKey) {
  const id = log.reqId ? ` [${shortId(log.reqId)}]` : "";
  if (log[messageKey] !== "request") return `${log[messageKey]}${id}`;
  const bytes = log.bytes === undefined ? "" : ` ${log.bytes} B`;
  return `${log.method} ${log.path} ${log.status} ${log.ms} ms${bytes} (${log.route})${id}`;
}

// Written asynchronously (flushed at exit): a synchronous write to a pipe its reader drains slowly
// would stall the event loop, and every request with it.
const destination =
  logFormat() === "pretty"
    ? pretty({ destination: 1, sync: false, colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:HH:MM:ss.l", ignore: ["hostname", ...REQUEST_FIELDS].join(","), messageFormat: readableLine })
    : pino.destination({ dest: 1, sync: false });

export const logger = pino(
  {
    base: { pid: process.pid },
    mixin: () => {
      const reqId = requestIds.getStore();
      return reqId ? { reqId } : {};
    },
    serializers: { err: redactedError },
    // Every message (and its format arguments) without secrets, whoever logs it.
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === "string") args[i] = redactSecrets(args[i]);
        return method.apply(this, args);
      },
    },
  },
  destination,
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
/**
 * The route of an answer, a bounded label for the metrics and the log: the route id (app/routes.ts)
 * React Router matched (`.data` requests count as the page they load for), or what server.js
 * answered before the app ("static", "refused"). Symbol.for: server/react-router.js and the app's
 * load context set it too.
 */
export const ROUTE = Symbol.for("chortle.route");

/**
 * Starts watching `res`: the request id now (answers carry it), the log line and the metrics when it
 * is done. `trusted(req)`: whether the request came through a proxy we trust (its id is taken);
 * `unmatched`: the label of an answer no route claimed.
 */
export function observe(req, res, { trusted, metrics, unmatched = "unmatched" }) {
  const started = process.hrtime.bigint();
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && GIVEN_ID.test(given) && trusted(req) ? given : crypto.randomUUID();
  res.setHeader("X-Request-Id", id);
  res.once("close", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = res[ROUTE] ?? unmatched;
    const status = res.writableFinished ? res.statusCode : 499;
    metrics?.observe(route, req.method ?? "GET", status, seconds);
    if (!LOG_REQUESTS) return;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = redactPath(query < 0 ? url : url.slice(0, query), route);
    logger.info({ reqId: id, method: req.method, path, route, status, ms: Math.round(seconds * 10_000) / 10, bytes: Number(res.getHeader("Content-Length")) || undefined }, "request");
  });
  return id;
}
