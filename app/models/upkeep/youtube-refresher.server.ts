// The refresh job's timer (docs/decisions/0196): every YOUTUBE_REFRESH_INTERVAL_MS one pass of
// models/youtube-refresh.server.ts (the 30-day sweep, then batches while posts are due and the job's
// quota share lasts). Every worker runs it: batches are claimed in a transaction, so two workers never
// check one post in one round. Passes never overlap in a process, and shutting down waits for the
// one in flight, so a checked batch is written before the database closes (or, cut short, its claims
// run out and the next pass takes the posts again).
import { getEnv } from "../../integrations/env.server.ts";
import { createYouTubeClient, type YouTubeClient } from "../../integrations/youtube/client.server.ts";
import { runRefreshPass } from "../youtube-refresh.server.ts";

let timer: NodeJS.Timeout | undefined;
let inFlight: Promise<void> | null = null;
let client: YouTubeClient | undefined;

/** The job's client: the site's key, no cache (it asks for today's numbers), the "refresh" share. */
function refreshClient(): YouTubeClient {
  const env = getEnv();
  client ??= createYouTubeClient({ apiKey: env.YOUTUBE_API_KEY, baseUrl: env.YOUTUBE_API_BASE_URL, oembedUrl: env.YOUTUBE_OEMBED_URL, purpose: "refresh", cacheTtlMs: 0 });
  return client;
}

function tick() {
  if (inFlight) return;
  inFlight = runRefreshPass({ client: refreshClient() })
    .then(() => undefined)
    .catch((error) => console.error("youtube refresh:", error instanceof Error ? error.message : error))
    .finally(() => {
      inFlight = null;
    });
}

/** Starts the job where it can work: a YouTube key set and an interval above 0. */
export function startYouTubeRefresher() {
  const env = getEnv();
  if (timer || !env.YOUTUBE_API_KEY || env.YOUTUBE_REFRESH_INTERVAL_MS === 0) return;
  timer = setInterval(tick, env.YOUTUBE_REFRESH_INTERVAL_MS);
  timer.unref();
  tick();
}

/** Stops the timer and waits for the pass in flight. */
export async function stopYouTubeRefresher(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await inFlight;
}
