import { Link } from "~/components/ui/link.tsx";
import { embedUrl } from "~/lib/video-embed.ts";
import { THUMBNAIL_SIZES, thumbnailPath } from "~/lib/thumbnail-sizes.ts";

/** The post page's address that holds the player (`/post/{id}?play=1`): its URL state. */
export const PLAY_PARAM = "play";

/**
 * The post page's video, played in place behind a press (decision 0175). Until then nothing comes from
 * YouTube: a poster from our own origin (the large thumbnail) and 'Play here', a link to this page with
 * ?play=1, whose page holds the player. Without JavaScript, or pressed before the code arrived, that is
 * a new page rendered by the server; with it, the site's links go there in place (ui/link.tsx), and the
 * page draws the privacy-enhanced player, starting at the shared moment, with the focus in it. No
 * other code: the player is YouTube's, inside its frame.
 */
export function VideoPlayer({ videoId, title, start, playing }: { videoId: string; title: string; start: number | null; playing: boolean }) {
  return playing ? (
    <div id="player" className="player">
      <iframe
        ref={(frame) => frame?.focus()}
        src={embedUrl(videoId, start)}
        title={`YouTube video: ${title}`}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    </div>
  ) : (
    <Link id="player" to={`?${PLAY_PARAM}=1#player`} preventScrollReset className="player">
      <img src={thumbnailPath(videoId, "large")} width={THUMBNAIL_SIZES.large.width} height={THUMBNAIL_SIZES.large.height} alt="" />
      <span>Play here</span>
    </Link>
  );
}
