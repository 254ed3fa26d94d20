import { Transform } from "node:stream";

/**
 * Hands on what React writes in one burst as one chunk. The adapter flushes the compressor after
 * every chunk (so streamed parts arrive early); fed React's many small writes, gzip restarted its
 * window each time and the home page went over the wire at twice its compressed size.
 */
export function coalesceChunks(): Transform {
  let pending: Buffer[] = [];
  const release = (stream: Transform) => {
    if (pending.length === 0) return;
    stream.push(Buffer.concat(pending));
    pending = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (pending.length === 0) setImmediate(() => release(this));
      pending.push(chunk);
      callback();
    },
    flush(callback) {
      release(this);
      callback();
    },
  });
}
