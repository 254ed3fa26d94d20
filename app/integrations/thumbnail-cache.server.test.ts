// The thumbnail service against a local image-host fake: the size cap of the disk cache, the 2 s
// timeout, and the failure remembered instead of asked again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOW_THUMBNAIL_VIDEO, startThumbnailFake, type ThumbnailFake } from "../../tests/fixtures/thumbnail-fake.ts";

const KB = 1024;
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-thumbs-"));
let fake: ThumbnailFake;
let getThumbnail: typeof import("./thumbnail-cache.server.ts").getThumbnail;

beforeAll(async () => {
  fake = await startThumbnailFake({ padTo: 400 * KB });
  // Read once by env.server.ts, so set before the service first asks.
  process.env.THUMBNAIL_BASE_URL = fake.url;
  process.env.THUMBNAIL_CACHE_DIR = cacheDir;
  process.env.THUMBNAIL_CACHE_MB = "1";
  ({ getThumbnail } = await import("./thumbnail-cache.server.ts"));
});
afterAll(async () => {
  await fake.stop();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const cached = () => fs.readdirSync(cacheDir).sort();
const asked = (videoId: string) => fake.requests().filter((r) => r.includes(`/${videoId}/`)).length;

describe("getThumbnail", () => {
  it("keeps the disk cache under its cap, the oldest pictures going first", async () => {
    for (const id of ["cacheVid001", "cacheVid002"]) expect((await getThumbnail({ videoId: id, size: "card" }))?.length).toBe(400 * KB);
    expect(cached()).toEqual(["cacheVid001-card.jpg", "cacheVid002-card.jpg"]);
    // A third 400 KB picture would pass 1 MB: the oldest one goes.
    await getThumbnail({ videoId: "cacheVid003", size: "card" });
    expect(cached()).toEqual(["cacheVid002-card.jpg", "cacheVid003-card.jpg"]);
    // Still cached: no new request. Evicted: fetched again.
    await getThumbnail({ videoId: "cacheVid002", size: "card" });
    expect(asked("cacheVid002")).toBe(1);
    await getThumbnail({ videoId: "cacheVid001", size: "card" });
    expect(asked("cacheVid001")).toBe(2);
  });

  it("asks once for many simultaneous requests of one picture", async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => getThumbnail({ videoId: "burstVid001", size: "large" })));
    expect(all.every((b) => b?.length === 400 * KB)).toBe(true);
    expect(fake.requests().filter((r) => r === "/vi/burstVid001/hqdefault.jpg")).toHaveLength(1);
  });

  it("gives up after the timeout and remembers the failure instead of asking again", async () => {
    expect(await getThumbnail({ videoId: SLOW_THUMBNAIL_VIDEO, size: "card" })).toBeNull();
    expect(await getThumbnail({ videoId: SLOW_THUMBNAIL_VIDEO, size: "card" })).toBeNull();
    expect(asked(SLOW_THUMBNAIL_VIDEO)).toBe(1);
  });

  it("never asks for something that is not a video id", async () => {
    const before = fake.requests().length;
    for (const videoId of ["unknown", "../../etc/x", "a".repeat(12), ""]) {
      expect(await getThumbnail({ videoId, size: "card" })).toBeNull();
    }
    expect(fake.requests().length).toBe(before);
  });
});
