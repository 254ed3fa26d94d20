// `npm start`: build when there is no build (or the sources are newer), then serve.
// Migrations and the demo seed run when the server loads (app/models/upkeep/startup.server.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const serverFile = path.join(buildDir, "server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(serverFile) ? fs.statSync(serverFile).mtimeMs : 0;
const sources = Math.max(...["app", "db", "public"].filter((d) => fs.existsSync(d)).map(newestMtime));
if (built < sources) {
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The .br/.gz copies of the assets (server.js would otherwise compress each once, on first use).
  const { precompress } = await import("../server/static-files.js");
  await precompress(path.join(buildDir, "client"));
}

process.env.NODE_ENV ??= "production";
await import("../server.js");
