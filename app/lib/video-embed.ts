// The post page's player (components/video-player.tsx): YouTube's privacy-enhanced embed, the one
// origin the page may frame (the CSP's frame-src, app/pipeline/csp.server.ts; decision 0175). Apart
// from ./video-url.ts, so that no page but the post page carries it.

/** The one origin a page of ours frames. */
export const EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/** The privacy-enhanced player of a video, playing at once from `start` (whole seconds) when given. */
export function embedUrl(videoId: string, start?: number | null): string {
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?${start ? `start=${start}&` : ""}autoplay=1&rel=0`;
}
