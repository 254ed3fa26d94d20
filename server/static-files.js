// The build's public files (build/client), served from an index made once at start: a request is one
// Map lookup on its decoded path, so nothing outside the index is ever read (`..`, `%2e%2e`, null
// bytes, dotfiles such as .vite/manifest.json, directories: none is a key).
// /assets/* are content-hashed: cached for a year, immutable; the rest (favicon …) for an hour.
// Text files are sent brotli- or gzip-compressed by Accept-Encoding, from the .br/.gz files that
// scripts/precompress.mjs writes after the build, or, when those are missing (a build made with
// `react-router build` alone), compressed once in memory on first use.
import fs from "node:fs";
import path from "node:path";
import { encodeStatic, isCompressible, negotiateEncoding } from "./encoding.js";

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
};
const IMMUTABLE = "public, max-age=31536000, immutable";
const HOURLY = "public, max-age=3600";
/** Below this a compressed copy saves next to nothing. */
const MIN_COMPRESS_BYTES = 256;
/** Larger files are streamed from disk, uncompressed, each time. */
const MAX_MEMORY_BYTES = 1024 * 1024;
const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/** Every file under `root` (no dotfiles or dot-directories), as paths relative to it with "/". */
function walk(root, dir = "") {
  const files = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...walk(root, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

const typeOf = (file) => TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
const isCompressedCopy = (file, all) => ENCODINGS.some(([, ext]) => file.endsWith(ext) && all.has(file.slice(0, -ext.length)));

/**
 * Writes `file.br` and `file.gz` beside every compressible file under `root` that gets smaller
 * (scripts/precompress.mjs runs it after `react-router build`). Returns how many copies it wrote.
 */
export async function precompress(root) {
  const all = new Set(walk(root));
  let written = 0;
  for (const file of all) {
    if (isCompressedCopy(file, all) || !isCompressible(typeOf(file))) continue;
    const full = path.join(root, file);
    const body = fs.readFileSync(full);
    if (body.length < MIN_COMPRESS_BYTES || body.length > MAX_MEMORY_BYTES) continue;
    for (const [encoding, ext] of ENCODINGS) {
      const encoded = await encodeStatic(encoding, body);
      if (encoded.length >= body.length) continue;
      fs.writeFileSync(full + ext, encoded);
      written++;
    }
  }
  return written;
}

/** The index: URL path → what to answer. */
function indexFiles(root) {
  const all = new Set(walk(root));
  const files = new Map();
  for (const file of all) {
    if (isCompressedCopy(file, all)) continue;
    const full = path.join(root, file);
    const stat = fs.statSync(full);
    const type = typeOf(file);
    const compressible = isCompressible(type) && stat.size >= MIN_COMPRESS_BYTES && stat.size <= MAX_MEMORY_BYTES;
    const copies = new Map();
    if (compressible) {
      for (const [encoding, ext] of ENCODINGS) {
        // A copy older than its file belongs to an earlier build.
        if (all.has(file + ext) && fs.statSync(full + ext).mtimeMs >= stat.mtimeMs) copies.set(encoding, full + ext);
      }
    }
    files.set(`/${file}`, {
      full,
      size: stat.size,
      type,
      compressible,
      copies,
      // Encodings and bodies are filled in on first use: Buffer, or the Promise of one, or null (no gain).
      bodies: new Map(),
      cacheControl: file.startsWith("assets/") ? IMMUTABLE : HOURLY,
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
      modifiedSeconds: Math.floor(stat.mtimeMs / 1000),
    });
  }
  return files;
}

/** The file's body in `encoding` (null: identity): a Buffer, a Promise of one, or null if not worth it. */
function body(file, encoding) {
  const key = encoding ?? "identity";
  if (file.bodies.has(key)) return file.bodies.get(key);
  let value;
  if (!encoding) value = fs.readFileSync(file.full);
  else if (file.copies.has(encoding)) value = fs.readFileSync(file.copies.get(encoding));
  else {
    const identity = body(file, null);
    value = encodeStatic(encoding, identity).then(
      (encoded) => {
        const result = encoded.length < identity.length ? encoded : null;
        file.bodies.set(key, result);
        return result;
      },
      (error) => {
        console.error(`Compressing ${file.full} failed:`, error);
        file.bodies.set(key, null);
        return null;
      },
    );
  }
  file.bodies.set(key, value);
  return value;
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is this version. */
function isFresh(req, file) {
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch) {
    if (noneMatch.trim() === "*") return true;
    const tag = file.etag.slice(2);
    return noneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
  }
  const modifiedSince = req.headers["if-modified-since"];
  if (!modifiedSince) return false;
  const since = Date.parse(modifiedSince);
  return !Number.isNaN(since) && Math.floor(since / 1000) >= file.modifiedSeconds;
}

function decodePath(url) {
  const end = url.indexOf("?");
  const raw = end === -1 ? url : url.slice(0, end);
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * A handler for GET and HEAD of the files under `root`: `serve(req, res)` answers and returns true,
 * or returns false for a path that is not a file (the app answers it). A missing /assets/* file is
 * a short 404 (an old build's chunk: the browser's router reloads the page).
 */
export function createStaticHandler(root) {
  const files = fs.existsSync(root) ? indexFiles(root) : new Map();

  const send = (req, res, file, encoding, content) => {
    res.statusCode = 200;
    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", file.etag);
    res.setHeader("Last-Modified", file.lastModified);
    if (file.compressible) res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    if (content) {
      res.setHeader("Content-Length", content.length);
      res.end(req.method === "HEAD" ? undefined : content);
      return;
    }
    // Too big to keep in memory: streamed from disk as it is.
    res.setHeader("Content-Length", file.size);
    if (req.method === "HEAD") return void res.end();
    const stream = fs.createReadStream(file.full);
    stream.on("error", () => res.destroy());
    stream.pipe(res);
  };

  return function serveStatic(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const pathname = decodePath(req.url);
    const file = pathname === null ? undefined : files.get(pathname);
    if (!file) {
      if (!req.url.startsWith("/assets/")) return false;
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.end(req.method === "HEAD" ? undefined : "Not found");
      return true;
    }
    if (isFresh(req, file)) {
      res.statusCode = 304;
      res.setHeader("Cache-Control", file.cacheControl);
      res.setHeader("ETag", file.etag);
      res.setHeader("Last-Modified", file.lastModified);
      if (file.compressible) res.setHeader("Vary", "Accept-Encoding");
      res.end();
      return true;
    }
    if (file.size > MAX_MEMORY_BYTES) {
      send(req, res, file, null, null);
      return true;
    }
    const encoding = file.compressible ? negotiateEncoding(req.headers["accept-encoding"]) : null;
    const content = encoding ? body(file, encoding) : body(file, null);
    if (content instanceof Promise) {
      content
        .then((encoded) => (encoded ? send(req, res, file, encoding, encoded) : send(req, res, file, null, body(file, null))))
        .catch((error) => {
          console.error(error);
          res.destroy();
        });
    } else if (content === null) {
      send(req, res, file, null, body(file, null));
    } else {
      send(req, res, file, encoding, content);
    }
    return true;
  };
}
