// A PNG encoder for pictures drawn in code (8-bit RGB, no interlace): enough for a placeholder, no
// image library needed.
import zlib from "node:zlib";

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), body.length + 4);
  return out;
}

/** A `width`×`height` PNG whose pixel at (x, y) (sampled at its centre) is `colour(x, y)`. */
export function rgbPng(width: number, height: number, colour: (x: number, y: number) => Rgb): Buffer {
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    // Each row begins with its filter byte: 0, none.
    for (let x = 0; x < width; x++) rows.set(colour(x + 0.5, y + 0.5), y * stride + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
