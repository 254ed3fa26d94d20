// The thumbnail service against a local image-host fake: the size cap of the disk cache (one cap for
// every worker), the 2 s timeout, the failure remembered instead of asked again, only pictures kept,
// and nothing fetched unless the caller allows it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NOT_A_PICTURE_VIDEO, SLOW_THUMBNAIL_VIDEO, startThumbnailFake, type ThumbnailFake } from "../../tests/fixtures/thumbnail-fake.ts";

const KB = 1024;
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-thumbs-"));
let fake: ThumbnailFake;
type GetThumbnail = typeof import("./thumbnail-cache.server.ts").getThumbnail;
let fetchThumbnail: GetThumbnail;
/** Asks as a caller that may fetch (the video was shared). */
const getThumbnail = (args: { videoId: string; size: "card" | "large" }) => fetchThumbnail({ ...args, mayFetch: () => true });

beforeAll(async () => {
  fake = await startThumbnailFake({ padTo: 400 * KB });
  // Read once by env.server.ts, so set before the service first asks.
  process.env.THUMBNAIL_BASE_URL = fake.url;
  process.env.THUMBNAIL_CACHE_DIR = cacheDir;
  process.env.THUMBNAIL_CACHE_MB = "1";
  ({ getThumbnail: fetchThumbnail } = await import("./thumbnail-cache.server.ts"));
});
afterAll(async () => {
  await fake.stop();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const cached = () => fs.readdirSync(cacheDir).filter((name) => name.endsWith(".jpg")).sort();
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

  it("keeps only pictures: bytes that are not one are refused and remembered", async () => {
    expect(await getThumbnail({ videoId: NOT_A_PICTURE_VIDEO, size: "card" })).toBeNull();
    expect(cached()).not.toContain(`${NOT_A_PICTURE_VIDEO}-card.jpg`);
  });

  it("fetches nothing when the caller may not (a video nobody shared)", async () => {
    const before = fake.requests().length;
    let asked = 0;
    const mayFetch = () => (asked++, false);
    expect(await fetchThumbnail({ videoId: "notShared01", size: "card", mayFetch })).toBeNull();
    expect(asked).toBe(1);
    expect(fake.requests().length).toBe(before);
    // A kept picture is served whoever asks, without asking.
    expect((await fetchThumbnail({ videoId: "burstVid001", size: "large", mayFetch }))?.length).toBe(400 * KB);
    expect(asked).toBe(1);
  });

  it("holds one cap for every process sharing the folder", async () => {
    // A second copy of the module stands for a second worker: its own memory, the same folder.
    vi.resetModules();
    const other: GetThumbnail = (await import("./thumbnail-cache.server.ts")).getThumbnail;
    const size = () => cached().reduce((sum, name) => sum + fs.statSync(path.join(cacheDir, name)).size, 0);
    for (const [i, id] of ["sharedVid01", "sharedVid02", "sharedVid03", "sharedVid04"].entries()) {
      const ask = i % 2 === 0 ? fetchThumbnail : other;
      expect((await ask({ videoId: id, size: "card", mayFetch: () => true }))?.length).toBe(400 * KB);
      expect(size()).toBeLessThanOrEqual(1024 * KB);
    }
    // The oldest went first, whichever process wrote it.
    expect(cached()).toContain("sharedVid04-card.jpg");
    expect(cached()).not.toContain("sharedVid01-card.jpg");
  });
});
