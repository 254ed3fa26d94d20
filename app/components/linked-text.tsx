import { Link } from "~/components/ui/link.tsx";
import { textParts } from "~/lib/mentions.ts";
import { VIDEO_ID_PATTERN, watchUrl } from "~/lib/video-url.ts";

/**
 * A member's words with their links, the one way a comment or a quote becomes React (lib/mentions.ts):
 * its @mentions of `mentions` (lower-cased name → id) as profile links, and, when it is about a video,
 * its times ("2:31") as links to that second of the video on YouTube. Every part is text React
 * escapes; the links leave as the site's outbound links do, marked as the members' own. Styled by
 * where they stand (`.said a`, `.cmt-text a` in app.css): the page's HTML carries no class per link.
 */
export function LinkedText({ text, mentions, videoId }: { text: string; mentions?: Record<string, number>; videoId?: string }) {
  const timed = videoId !== undefined && VIDEO_ID_PATTERN.test(videoId);
  return textParts(text, { known: mentions, times: timed }).map((part, i) =>
    "mention" in part ? (
      <Link key={i} to={`/profile/${part.userId}`}>
        {part.mention}
      </Link>
    ) : "time" in part ? (
      <a key={i} href={watchUrl(videoId!, part.seconds)} target="_blank" rel="noopener noreferrer nofollow ugc">
        {part.time}
      </a>
    ) : (
      part.text
    ),
  );
}
