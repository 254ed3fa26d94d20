import { PLACEHOLDER_SVG, getThumbnail, largePlaceholderPng, pictureType } from "~/integrations/thumbnail-cache.server.ts";
import { resource } from "~/http/contract.server.ts";
import { isVideoShared } from "~/models/post/index.server.ts";

// GET /thumbnails/{videoId}.jpg (320×180, for cards) and ?size=large (480×360, for link previews).
// Always an image with 200: the picture, or the neutral placeholder, so no page logs a failed image.
// A picture is fetched for a video some post shares, or for a signed-in member (the share dialog
// shows the video being shared before there is a post); anyone else asking for another id gets the
// placeholder and costs no request to the image host.
export const loader = resource({ who: "anyone" }, async ({ request, params, user }) => {
  const videoId = /^(.+)\.jpg$/.exec(params.file ?? "")?.[1] ?? "";
  const size = new URL(request.url).searchParams.get("size") === "large" ? "large" : "card";
  const mayFetch = async () => isVideoShared({ videoId }) || user !== null;
  const picture = await getThumbnail({ videoId, size, mayFetch });
  if (picture) {
    return new Response(new Uint8Array(picture), {
      headers: { "Content-Type": pictureType(picture), "Cache-Control": "public, max-age=604800" },
    });
  }
  // A short life: once the failure is forgotten (an hour), browsers ask again. The large size is what
  // link previews fetch, and they take no SVG: a PNG of the size the page declared.
  if (size === "large") {
    return new Response(new Uint8Array(largePlaceholderPng()), {
      headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" },
    });
  }
  return new Response(PLACEHOLDER_SVG, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" },
  });
});
