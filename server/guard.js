// What every request passes before the app sees it: the security headers, the body limits, the
// cross-site write refusal, and who the client is behind a trusted proxy (TRUST_PROXY).
import proxyAddr from "proxy-addr";

const PERMISSIONS =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()";
// Documents get their own policy (app/pipeline/csp.server.ts); everything else may run nothing.
export const DENY_ALL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** Bodies are small here (forms and JSON): bigger ones are refused before anything reads them. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The site's largest form (the share dialog) has a dozen fields and a few KB of text. */
const MAX_FORM_BYTES = 64 * 1024;
export const MAX_FORM_FIELDS = 100;

/** How many times `needle` occurs in `buffer`, counting no further than `limit` + 1. */
function occurrences(buffer, needle, limit) {
  let count = 0;
  for (let at = buffer.indexOf(needle); at !== -1 && count <= limit; at = buffer.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * A form body past the form limits, checked on the raw bytes before anything parses it (parsing
 * 100,000 fields costs hundreds of milliseconds, and anyone may send that): the refusal's message,
 * or null. JSON bodies have their own limit where they are read.
 */
export function formBodyRefusal(contentType, body) {
  if (!body || !contentType) return null;
  const type = contentType.toLowerCase();
  let fields;
  if (type.startsWith("application/x-www-form-urlencoded")) {
    fields = occurrences(body, "&", MAX_FORM_FIELDS) + 1;
  } else if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
    if (!boundary) return "A multipart form needs its boundary.";
    fields = occurrences(body, `--${boundary[1] ?? boundary[2]}`, MAX_FORM_FIELDS + 1) - 1;
  } else {
    return null;
  }
  if (body.length > MAX_FORM_BYTES) return "The form is too large.";
  if (fields > MAX_FORM_FIELDS) return "The form has too many fields.";
  return null;
}

/** Answers 413 and returns true when `formBodyRefusal` refuses the request's body. */
export function refuseForm(req, res, body) {
  const message = formBodyRefusal(req.headers["content-type"], body);
  if (!message) return false;
  sendJson(res, 413, { message });
  return true;
}

/**
 * TRUST_PROXY as Express read its "trust proxy" setting: a number of hops ("1"), or addresses,
 * CIDR ranges and the names loopback / linklocal / uniquelocal, separated by commas.
 * Returns the trust function (address, hop) → boolean and whether the setting is on at all.
 */
export function parseTrustProxy(value) {
  if (!value) return { enabled: false, trust: () => false };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return { enabled: hops !== 0, trust: (_address, hop) => hop < hops };
  }
  return { enabled: true, trust: proxyAddr.compile(value.split(",").map((v) => v.trim())) };
}

const LOOPBACK = /^(loopback|127(\.\d{1,3}){3}(\/\d+)?|::1(\/128)?)$/;
/**
 * The address to listen on when HOST is unset: 127.0.0.1 when TRUST_PROXY trusts only this box's
 * own addresses (the proxy is here, and nothing else must reach the app around it), else every
 * address (a proxy elsewhere, a container, a LAN install). Decision 0250.
 */
export function defaultHost(trustProxy) {
  const entries = (trustProxy ?? "").split(",").map((v) => v.trim()).filter(Boolean);
  return entries.length > 0 && entries.every((entry) => LOOPBACK.test(entry)) ? "127.0.0.1" : "0.0.0.0";
}

function publicHost(publicUrl) {
  try {
    return publicUrl ? new URL(publicUrl).host : null;
  } catch {
    return null;
  }
}

/** The first value of a comma-separated header, trimmed. */
const firstValue = (header) => {
  const comma = header.indexOf(",");
  return (comma === -1 ? header : header.slice(0, comma)).trim();
};

function sendJson(res, status, body) {
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(json));
  res.end(json);
}

/**
 * A host as a Host header may carry it: a name of letters, digits, "-" and "_" in dot-separated labels
 * (a trailing dot allowed: a fully qualified name) or an IPv6 literal in brackets, then an optional
 * port of 1–5 digits no larger than 65535. Anything else (userinfo, a path, spaces, an empty name or
 * port) is not a host.
 */
const HOST = /^(?:(?:[a-z\d_-]+\.)*[a-z\d_-]+\.?|\[[\da-f:.]+\])(?::(?:6553[0-5]|655[0-2]\d|65[0-4]\d{2}|6[0-4]\d{3}|[1-5]\d{4}|\d{1,4}))?$/i;
/** localhost, 127.x.x.x or [::1], with or without a port: a name no other site can make a browser send. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * `options`: { trustProxy: TRUST_PROXY, publicUrl: PUBLIC_URL }. Returns
 * - `setHeaders(res)`: the headers of every answer (HSTS when PUBLIC_URL is https);
 * - `refuse(req, res)`: answers 421 / 413 / 411 / 403 and returns true when the request may not go on;
 * - `clientAddress(req)`: the client's address (X-Forwarded-For through trusted proxies);
 * - `origin(req)`: "protocol://host" of the request (X-Forwarded-Proto from a trusted proxy; the host
 *   is always the Host header's, never X-Forwarded-Host: decision 0076);
 * - `fromTrustedProxy(req)`: whether the request came straight from a proxy TRUST_PROXY trusts.
 */
export function createGuard({ trustProxy, publicUrl }) {
  const { enabled, trust } = parseTrustProxy(trustProxy);
  const hsts = publicUrl?.startsWith("https://") ? "max-age=31536000" : null;
  const ownPublicHost = publicHost(publicUrl);
  const publicOrigin = ownPublicHost ? new URL(publicUrl).origin : null;

  const setHeaders = (res) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", PERMISSIONS);
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
  };

  // Cross-site writes are refused on every action and endpoint. Requests with neither Origin nor
  // Sec-Fetch-Site (curl, scripts) pass; a browser always sends one of them. The Origin is compared
  // whole, scheme and port included: http://site is another site than https://site (decision 0076).
  const isCrossSite = (req) => {
    const site = req.headers["sec-fetch-site"];
    const claimed = req.headers.origin;
    if (site === "cross-site" || site === "same-site" || claimed === "null") return true;
    if (!claimed) return false;
    try {
      return !ownOrigins(req).includes(new URL(claimed).origin);
    } catch {
      return true;
    }
  };

  // Our own origins. With PUBLIC_URL, PUBLIC_URL's, and the request's own only when it was made to a
  // loopback name (a proxy that passes 127.0.0.1 on); without it, the request's own (the forwarded
  // scheme from a trusted proxy, the Host header's host).
  const ownOrigins = (req) => {
    const own = new URL(origin(req)).origin;
    if (!publicOrigin) return [own];
    return LOOPBACK_HOST.test(requestHost(req)) ? [publicOrigin, own] : [publicOrigin];
  };

  // The host the request is for: its Host header ("" when absent), whoever sent it. Never
  // X-Forwarded-Host, not even from a trusted proxy: a proxy that does not set it itself passes on
  // whatever the client wrote, and a shared cache keyed by Host would keep the page made with it for
  // every visitor (decision 0076). A proxy passes the client's Host on instead
  // (deploy/nginx/chortle.conf: `proxy_set_header Host $http_host`), the name its cache keys by.
  const requestHost = (req) => req.headers.host ?? "";

  // A host that is not a host name (RFC 9112 §3.2: 400) is refused before anything reads it. With
  // PUBLIC_URL set, the site answers only to its own name, spelt exactly (and to loopback names:
  // health checks, a proxy that passes 127.0.0.1 on); any other name, a trailing dot included, is
  // 421. A page on another name that resolves to this server (DNS rebinding) would otherwise pass
  // the cross-site check as "same origin" and read the answers. (Decision 0076.)
  const hostRefusal = (req) => {
    const host = requestHost(req);
    // No Host at all: an HTTP/1.0 client such as a load balancer's health check (node:http refuses an
    // HTTP/1.1 request without one); a browser always sends one, so no page can rebind this.
    if (host === "" && req.headers.host === undefined) return null;
    if (!HOST.test(host)) return 400;
    if (!ownPublicHost) return null;
    const name = host.toLowerCase();
    return name === ownPublicHost.toLowerCase() || LOOPBACK_HOST.test(name) ? null : 421;
  };

  const refuse = (req, res) => {
    const hostStatus = hostRefusal(req);
    if (hostStatus === 400) {
      sendJson(res, 400, { message: "The Host header is not a host name." });
      return true;
    }
    if (hostStatus === 421) {
      sendJson(res, 421, { message: "This server does not answer for that host." });
      return true;
    }
    const length = req.headers["content-length"];
    if (length !== undefined && Number(length) > MAX_BODY_BYTES) {
      sendJson(res, 413, { message: "Request body is too large." });
      return true;
    }
    // Browsers and scripts send Content-Length; a chunked body of unknown size is not accepted.
    if (length === undefined && req.headers["transfer-encoding"]) {
      sendJson(res, 411, { message: "Content-Length is required." });
      return true;
    }
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
    if (isCrossSite(req)) {
      sendJson(res, 403, { message: "Cross-site requests are not allowed." });
      return true;
    }
    return false;
  };

  const clientAddress = (req) => (enabled ? proxyAddr(req, trust) : req.socket.remoteAddress) ?? "unknown";

  const origin = (req) => {
    const trusted = enabled && trust(req.socket.remoteAddress, 0);
    const encrypted = Boolean(req.socket.encrypted);
    const forwardedProto = trusted ? req.headers["x-forwarded-proto"] : undefined;
    const claimed = forwardedProto ? firstValue(forwardedProto).toLowerCase() : null;
    const protocol = claimed === "https" || claimed === "http" ? claimed : encrypted ? "https" : "http";
    const { hostname, port } = splitHost(requestHost(req));
    // Nothing in the hostname may change the URL's meaning (what @react-router/express did too).
    return `${protocol}://${hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  };

  const fromTrustedProxy = (req) => enabled && trust(req.socket.remoteAddress, 0);

  return { setHeaders, refuse, clientAddress, origin, fromTrustedProxy };
}

/** "host:port" → { hostname, port } (an IPv6 literal keeps its brackets; no port → ""). */
function splitHost(host) {
  const offset = host[0] === "[" ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", offset);
  if (colon === -1) return { hostname: host, port: "" };
  const port = Number.parseInt(host.slice(colon + 1), 10);
  return { hostname: host.slice(0, colon), port: Number.isSafeInteger(port) ? String(port) : "" };
}
