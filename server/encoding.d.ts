// Types of server/encoding.js (server.js and server/ are plain JavaScript): the one Accept-Encoding rule,
// also used by the render memo (app/pipeline/render-memo.server.ts) for the documents it compresses.
export type Encoding = "br" | "gzip";
export declare function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null;
export declare function isCompressible(contentType: string | null | undefined): boolean;
/** A whole dynamic body at the usual settings (brotli 4, gzip 6). */
export declare function encodeWhole(encoding: Encoding, body: Buffer): Buffer;
/** A whole body at the quickest settings (brotli 1, gzip 3). */
export declare function encodeQuick(encoding: Encoding, body: Buffer): Buffer;
export declare function decodeWhole(encoding: Encoding, body: Buffer): Buffer;
