// After `react-router build`: a brotli (.br) and a gzip (.gz) copy of every compressible file of the
// build's public folder (BUILD_DIR/client, or the folder given), at the best ratio, so server.js
// sends them as they are. Without them the server compresses each file once, on first use.
import path from "node:path";
import { precompress } from "../server/static-files.js";

const dir = path.resolve(process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "client"));
const started = Date.now();
const written = await precompress(dir);
console.log(`Precompressed ${dir}: ${written} .br/.gz files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
