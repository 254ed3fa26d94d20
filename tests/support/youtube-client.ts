// The YouTube client's tests: the local fake (tests/fixtures/youtube-fake.ts) started for the test
// file, a client pointed at it, the requests it saw, and the YouTubeError a call ends with.
import { afterAll, beforeAll, expect } from "vitest";
import { createYouTubeClient, type YouTubeClientOptions } from "~/integrations/youtube/client.server.ts";
import { YouTubeError } from "~/integrations/youtube/errors.server.ts";
import { FAKE_YOUTUBE_KEY, startYouTubeFake, type YouTubeFake } from "../fixtures/youtube-fake.ts";

/** Starts the fake before the file's tests and stops it after them. */
export function useYouTubeFake() {
  let fake: YouTubeFake;
  beforeAll(async () => {
    fake = await startYouTubeFake();
  });
  afterAll(() => fake.stop());
  return {
    /** Every path (with its query) the fake was asked, in order. */
    requests: () => fake.requests,
    countRequests: (fragment: string) => fake.requests.filter((r) => r.includes(fragment)).length,
    /** The fake itself (quotaUsed, markGone …). */
    fake: () => fake,
    client: (options: Partial<YouTubeClientOptions> = {}) =>
      createYouTubeClient({ apiKey: FAKE_YOUTUBE_KEY, baseUrl: fake.apiBaseUrl, oembedUrl: fake.oembedUrl, ...options }),
  };
}

/** The YouTubeError `promise` rejects with (the test fails if it resolves or rejects otherwise). */
export async function failure(promise: Promise<unknown>): Promise<YouTubeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(YouTubeError);
  return error as YouTubeError;
}
