// How the YouTube client fails: YouTube's error envelopes, timeouts, an unreachable API and a missing
// key, each as a YouTubeError with the reason and message the share flow shows.
import { describe, expect, it } from "vitest";
import { FAKE_EXPIRED_KEY, FAKE_VIDEOS } from "../../../tests/fixtures/youtube-fake.ts";
import { freePort } from "../../../tests/support/server.ts";
import { failure, useYouTubeFake } from "../../../tests/support/youtube-client.ts";
import { errorFromEnvelope } from "./errors.server.ts";

const { client, countRequests, requests } = useYouTubeFake();

describe("videos.list failures", () => {
  it("treats an empty items list as a missing or private video", async () => {
    expect((await failure(client().getVideo(FAKE_VIDEOS.private))).reason).toBe("videoNotFound");
    const missing = await failure(client().getVideo(FAKE_VIDEOS.missing));
    expect(missing.reason).toBe("videoNotFound");
    expect(missing.status).toBe(404);
    expect(missing.message).toBe("Video not found. It may be private or deleted.");
  });

  it("maps quotaExceeded", async () => {
    const error = await failure(client().getVideo(FAKE_VIDEOS.quota));
    expect(error.reason).toBe("quotaExceeded");
    expect(error.message).toMatch(/quota/i);
    expect(error.message).not.toMatch(/</); // YouTube's HTML message is not passed on
  });

  it("maps a bad key, in both the badRequest and the older keyInvalid form", async () => {
    const wrong = await failure(client({ apiKey: "not-the-key" }).getVideo(FAKE_VIDEOS.funny));
    expect(wrong.reason).toBe("keyInvalid");
    expect(wrong.message).toMatch(/API key is not valid/);
    const expired = await failure(client({ apiKey: FAKE_EXPIRED_KEY }).getVideo(FAKE_VIDEOS.funny));
    expect(expired.reason).toBe("keyInvalid");
  });

  it("maps an upstream 500 to a message with the status", async () => {
    const error = await failure(client().getVideo(FAKE_VIDEOS.broken));
    expect(error.reason).toBe("unavailable");
    expect(error.message).toBe("Backend Error");
    expect(error.status).toBe(502);
  });

  it("gives up after the timeout, without retrying", async () => {
    const before = countRequests(FAKE_VIDEOS.slow);
    const error = await failure(client({ timeoutMs: 200 }).getVideo(FAKE_VIDEOS.slow));
    expect(error.reason).toBe("timeout");
    expect(error.status).toBe(504);
    expect(countRequests(FAKE_VIDEOS.slow) - before).toBe(1);
  });

  it("reports an unreachable API as 'Failed to fetch video details'", async () => {
    const port = await freePort();
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}/youtube/v3` }).getVideo(FAKE_VIDEOS.funny));
    expect(error.reason).toBe("unavailable");
    expect(error.message).toBe("Failed to fetch video details");
  });

  it("says the key is not configured, without calling YouTube", async () => {
    const before = requests().length;
    for (const apiKey of [undefined, null, "", "   "]) {
      const c = client({ apiKey });
      expect(c.keyConfigured).toBe(false);
      const error = await failure(c.getVideo(FAKE_VIDEOS.funny));
      expect(error.reason).toBe("keyNotConfigured");
      expect(error.message).toContain("API key not configured");
    }
    expect(requests().length).toBe(before);
  });
});

describe("commentThreads.list failures", () => {
  it("maps commentsDisabled, videoNotFound, invalidPageToken and quotaExceeded", async () => {
    const c = client();
    const disabled = await failure(c.getComments({ videoId: FAKE_VIDEOS.commentsDisabled }));
    expect(disabled.reason).toBe("commentsDisabled");
    expect(disabled.message).toBe("Comments are disabled for this video.");
    expect((await failure(c.getComments({ videoId: FAKE_VIDEOS.missing }))).reason).toBe("videoNotFound");
    const before = requests().length;
    const token = await failure(c.getComments({ videoId: FAKE_VIDEOS.funny, pageToken: "bm90LWEtdG9rZW4" }));
    expect(token.reason).toBe("invalidPageToken");
    expect(token.status).toBe(400);
    // A token YouTube never gave us is refused here, without spending quota.
    expect(requests().slice(before).filter((r) => r.includes("bm90LWEtdG9rZW4"))).toEqual([]);
    expect((await failure(c.getComments({ videoId: FAKE_VIDEOS.quota }))).reason).toBe("quotaExceeded");
  });
});

describe("errorFromEnvelope", () => {
  const env = (code: number, reason: string, message = "m") => ({ error: { code, message, errors: [{ reason, message }] } });
  it.each([
    [403, env(403, "commentsDisabled"), "commentsDisabled"],
    [403, env(403, "quotaExceeded"), "quotaExceeded"],
    [403, env(403, "dailyLimitExceeded"), "quotaExceeded"],
    [400, env(400, "keyInvalid"), "keyInvalid"],
    [400, env(400, "badRequest", "API key not valid. Please pass a valid API key."), "keyInvalid"],
    [404, env(404, "videoNotFound"), "videoNotFound"],
    [404, null, "videoNotFound"],
    [400, env(400, "invalidPageToken"), "invalidPageToken"],
    [400, env(400, "invalidParameter", "Invalid maxResults"), "badRequest"],
    [503, "Service Unavailable", "unavailable"],
  ])("%i %j → %s", (status, body, reason) => {
    expect(errorFromEnvelope(status, body).reason).toBe(reason);
  });

  it("says 'Error: {status}' when YouTube gives no message", () => {
    expect(errorFromEnvelope(503, null).message).toBe("Error: 503");
  });
});
