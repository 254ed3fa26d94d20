import type { Route } from "./+types/thumbnails";
import { PLACEHOLDER_SVG, getThumbnail, pictureType } from "~/integrations/thumbnail-cache.server.ts";

// GET /thumbnails/{videoId}.jpg (320×180, for cards) and ?size=large (480×360, for link previews).
// Always an image with 200: the picture, or the neutral placeholder, so no page logs a failed image.
export async function loader({ request, params }: Route.LoaderArgs) {
  const videoId = /^(.+)\.jpg$/.exec(params.file)?.[1] ?? "";
  const size = new URL(request.url).searchParams.get("size") === "large" ? "large" : "card";
  const picture = await getThumbnail({ videoId, size });
  if (picture) {
    return new Response(new Uint8Array(picture), {
      headers: { "Content-Type": pictureType(picture), "Cache-Control": "public, max-age=604800" },
    });
  }
  // A short life: once the failure is forgotten (an hour), browsers ask again.
  return new Response(PLACEHOLDER_SVG, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" },
  });
}
