// What the uncached page's speed rests on and a test can pin (the times themselves are the bench's,
// bench/README.md): the server runs React Router's production build, bundled, with the edits of
// patches/react-router+*.patch in it (turned on by vite.react-router.ts, for the server only); a list
// page's document stays under 60 KB before compression, with no stylesheet inside and each icon drawn
// once.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

const SERVER_BUILD = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "server");

function serverCode(): string {
  const files = [path.join(SERVER_BUILD, "index.js"), ...fs.readdirSync(path.join(SERVER_BUILD, "assets")).map((f) => path.join(SERVER_BUILD, "assets", f))];
  return files.filter((f) => f.endsWith(".js")).map((f) => fs.readFileSync(f, "utf8")).join("\n");
}

describe("the server build", () => {
  it("bundles React Router's production build with its build-time edits, and never imports the package's development build", () => {
    const code = serverCode();
    expect(code).not.toMatch(/from\s+["']react-router["']/);
    expect(code).not.toContain("react-router/dist/development");
    for (const edit of ["chortleServerRoutes", "chortleDataRoutes", "chortlePathRouteIds", "chortleBranchesFor", "chortlePlainPath"]) expect(code, edit).toContain(edit);
    expect(code, "the switch folded to true").not.toContain("__CHORTLE_SERVER_EDITS__");
  });

  it("leaves the browser's React Router as it ships: the edits' switch folded to false, their code gone", () => {
    const assets = path.join(SERVER_BUILD, "../client/assets");
    const code = fs.readdirSync(assets).filter((f) => f.endsWith(".js")).map((f) => fs.readFileSync(path.join(assets, f), "utf8")).join("\n");
    expect(code).toContain("data-discover");
    expect(code).not.toContain("__CHORTLE_SERVER_EDITS__");
    expect(code).not.toMatch(/\[:\*\?\]/); // edit 4's test for a segment that is not a plain word
  });
});

describe("a list page's document", () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = await startApiServer();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it("weighs under 60 KB before compression for ten cards as long as the benchmark dataset's longest, carries no stylesheet and draws each icon once", async () => {
    // bench/.data/large.db's longest: titles of 45 characters, quoted comments of 90 (averages 26 and 63).
    const author = await api.user();
    for (let i = 0; i < 12; i++) {
      api.post(author.id, {
        title: `The longest title the dataset has, number ${i}`.padEnd(45, "!"),
        comment: "A comment quoted from under a video, as long as the longest that the benchmark shares.".padEnd(90, "!"),
        commentAuthor: "@a_long_handle_99",
        videoTitle: "Rick Astley - Never Gonna Give You Up (Official Video)",
        videoChannel: "Rick Astley",
      });
    }
    const res = await api.fetch("/?sort=new", { headers: { "Accept-Encoding": "identity" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<article /g)).toHaveLength(10);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(60 * 1024);
    expect(html).not.toContain("<style");
    expect(html.match(/<symbol id="i-comment"/g)).toHaveLength(1);
  });
});
