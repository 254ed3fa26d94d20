// Content negotiation and compression, shared by the static files (server/static-files.js) and the
// dynamic answers (server/react-router.js).
import zlib from "node:zlib";

/** Text, JSON, JavaScript, XML, SVG and web manifests are worth compressing; images and fonts are not. */
export function isCompressible(contentType) {
  return /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|[\w.-]+\+(?:json|xml))\b|image\/svg\+xml\b)/i.test(
    contentType ?? "",
  );
}

const chosen = new Map();

/**
 * The encoding to answer in: "br", "gzip" or null (identity), by the q-values of Accept-Encoding
 * ("*" stands for any encoding not named; q=0 refuses one). Brotli wins a tie. Browsers send a handful
 * of distinct headers, so the answers are remembered.
 */
export function negotiateEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (chosen.size >= 256) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(header) {
  const q = new Map();
  for (const part of header.split(",")) {
    const [name, ...params] = part.split(";");
    let token = name.trim().toLowerCase();
    if (token === "x-gzip") token = "gzip";
    if (token !== "br" && token !== "gzip" && token !== "*") continue;
    let value = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) value = Number(match[1]);
    }
    q.set(token, value);
  }
  const br = q.get("br") ?? q.get("*") ?? 0;
  const gzip = q.get("gzip") ?? q.get("*") ?? 0;
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

/** Adds Accept-Encoding to the response's Vary header unless it is there already. */
export function varyOnEncoding(res) {
  const vary = res.getHeader("Vary");
  if (!vary) res.setHeader("Vary", "Accept-Encoding");
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary))) res.setHeader("Vary", `${vary}, Accept-Encoding`);
}

// Dynamic answers: quick settings (what the `compression` package used: brotli 4, gzip 6). A page is
// at most a few hundred KB, so brotli's window is kept at 256 KB instead of 4 MB.
const DYNAMIC_BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};
const DYNAMIC_GZIP = { level: 6 };

/** A compressing stream for a dynamic answer; `flushAfterWrite` sends what it has without ending it. */
export function createEncoder(encoding) {
  const stream = encoding === "br" ? zlib.createBrotliCompress(DYNAMIC_BROTLI) : zlib.createGzip(DYNAMIC_GZIP);
  // A sync flush keeps the window (a full flush, the default, restarts it and costs ratio).
  const kind = encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  return { stream, flush: () => stream.flush(kind) };
}

/** A whole dynamic body compressed at once (cheaper than a stream when the body is already complete). */
export function encodeWhole(encoding, body) {
  return encoding === "br" ? zlib.brotliCompressSync(body, DYNAMIC_BROTLI) : zlib.gzipSync(body, DYNAMIC_GZIP);
}

// A page made for one answer (the render memo's fresh page): brotli 1 costs about half of gzip 3 for
// a slightly smaller body; gzip 3 ~40 % less than gzip 6 for ~5 % more bytes (docs/decisions/0015, 0083).
const QUICK_BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};
const QUICK_GZIP = { level: 3 };

/** A whole body compressed at the quickest useful settings (a page most likely sent once). */
export function encodeQuick(encoding, body) {
  return encoding === "br" ? zlib.brotliCompressSync(body, QUICK_BROTLI) : zlib.gzipSync(body, QUICK_GZIP);
}

/** A body compressed by one of the above, back as it was. */
export function decodeWhole(encoding, body) {
  return encoding === "br" ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
}

// Static files are compressed once, so they get the best ratio there is.
const STATIC_BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const STATIC_GZIP = { level: 9 };

/** A static file compressed with the best settings (in the thread pool: it may take a while). */
export function encodeStatic(encoding, body) {
  return new Promise((resolve, reject) => {
    const done = (error, result) => (error ? reject(error) : resolve(result));
    if (encoding === "br") zlib.brotliCompress(body, { ...STATIC_BROTLI, params: { ...STATIC_BROTLI.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
    else zlib.gzip(body, STATIC_GZIP, done);
  });
}
