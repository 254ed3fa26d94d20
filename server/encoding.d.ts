// Types of server/encoding.js (server.js and server/ are plain JavaScript): the one Accept-Encoding rule,
// also used by the render memo (app/pipeline/render-memo.server.ts) for the documents it compresses.
export type Encoding = "br" | "gzip";
export declare function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null;
export declare function isCompressible(contentType: string | null | undefined): boolean;
