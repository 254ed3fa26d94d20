import { useState, type ComponentType, type ReactNode } from "react";
import { Time } from "~/components/ui/time.tsx";
import { Link } from "~/components/ui/link.tsx";
import { youtubeWatchUrl, type PostView } from "~/lib/browse.ts";
import { categoryFromSlug, categorySlug } from "~/lib/category-list.ts";
import { formatCount, formatDate, formatDateTime, formatRelative } from "~/lib/format.ts";
import { THUMBNAIL_SIZES, thumbnailPath } from "~/lib/thumbnail-sizes.ts";
import { EDITED_LABEL } from "~/lib/edited-label.ts";
import { ENTERED_BY_HAND, FROM_YOUTUBE, NO_LONGER_ON_YOUTUBE, youtubeLikes } from "~/lib/comment-source.ts";
import { LinkedText } from "./linked-text.tsx";
import { Avatar, AvatarLink } from "./avatar.tsx";
import { CommentsToggle } from "./comments-toggle.tsx";
import { SaveButton } from "./save-button.tsx";
import { DetailsMenu, ShareMenu } from "./post-link-menu.tsx";
import { VoteControls } from "./vote-controls.tsx";

export type PostCardProps = {
  post: PostView;
  signedIn: boolean;
  /** The site's origin for the shared link ({origin}/post/{id}). */
  origin: string;
  timeZone: string;
  /** The loader's clock, so relative times render the same on server and client. */
  now: number;
  /** The title's heading level: h2 in lists, h1 on the post page. */
  headingLevel?: 1 | 2;
  /** Load the thumbnail at once (the first card of a page); the others wait until scrolled near. */
  eagerThumbnail?: boolean;
  /** Where the author's name and avatar lead (the home feed sends visitors to sign in first). */
  profileHref?: (userId: number) => string;
  /** Offer 'Edit' (to its author within the window and to admins): a page without JS, in place with it. */
  canEdit?: boolean;
  /** In place of the thumbnail, the video's player (the post page's, components/video-player.tsx). */
  player?: ReactNode;
};

type InPlaceEditor = ComponentType<{ post: PostView; onClose: () => void }>;

const plainProfileHref = (userId: number) => `/profile/${userId}`;

function CategoryChip({ category }: { category: string }) {
  // 'Uncategorized' and anything unknown has no page.
  return categoryFromSlug(category) ? (
    <Link to={`/category/${categorySlug(category)}`} className="chip">
      {category}
    </Link>
  ) : (
    <span className="chip">{category}</span>
  );
}

/**
 * The video's picture from our own origin, over a neutral block with the play glyph and the video
 * title: with the image blocked or still loading the block reads as a finished video tile, and the
 * fixed 16:9 box means nothing moves when the picture arrives.
 */
function VideoThumbnail({ videoId, title, eager }: { videoId: string; title: string; eager: boolean }) {
  return (
    <div className="thumb" data-video-thumbnail>
      {/* The play glyph is the block's ::before (app.css). */}
      <div aria-hidden="true">
        <span>{title}</span>
      </div>
      <img
        src={thumbnailPath(videoId)}
        width={THUMBNAIL_SIZES.card.width}
        height={THUMBNAIL_SIZES.card.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        alt=""
        data-title={title}
      />
    </div>
  );
}

/**
 * Where the quote comes from: YouTube's comment (a link to it with `&lc=`, its likes and date there),
 * one no longer on YouTube (no link, no numbers), or a quote entered by hand (decision 0153).
 */
function CommentSource({ post, timeZone }: { post: PostView; timeZone: string }) {
  const yt = post.youtubeComment;
  if (post.commentGone) return <span className="ytm">{NO_LONGER_ON_YOUTUBE}</span>;
  if (!yt) return <span className="ytm">{ENTERED_BY_HAND}</span>;
  return (
    <>
      <a href={yt.url} target="_blank" rel="noopener noreferrer" className="yt">
        {FROM_YOUTUBE}
      </a>
      <span className="ytm">
        {yt.likeCount !== null ? youtubeLikes(yt.likeCount) : null}
        {yt.likeCount !== null && yt.publishedAt ? " · " : null}
        {yt.publishedAt ? <Time value={yt.publishedAt} timeZone={timeZone}>{formatDate(yt.publishedAt, timeZone)}</Time> : null}
      </span>
    </>
  );
}

/** docs/product.md §2's post card. Every author links to their real profile (not only ids 1–6). */
export function PostCard({
  post,
  signedIn,
  origin,
  timeZone,
  now,
  headingLevel = 2,
  eagerThumbnail = headingLevel === 1,
  profileHref = plainProfileHref,
  canEdit = false,
  player,
}: PostCardProps) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const titleId = `post-${post.id}-title`;
  // The in-place editor's code is fetched when 'Edit' is first pressed (./post-edit-inline.tsx).
  const [Editor, setEditor] = useState<InPlaceEditor | null>(null);
  return (
    <article
      id={`post-${post.id}`}
      aria-labelledby={titleId}
      className="card"
    >
      <header className="head">
        {post.author.id !== null ? (
          <AvatarLink name={post.author.displayName} to={profileHref(post.author.id)} />
        ) : (
          <Avatar name={post.author.displayName} />
        )}
        <div className="byline">
          {post.author.id !== null ? (
            <Link to={profileHref(post.author.id)} className="name" dir="auto">
              {post.author.displayName}
            </Link>
          ) : (
            <span className="font-semibold" dir="auto">{post.username}</span>
          )}
          <p className="meta">
            {post.author.id !== null ? `@${post.username} · ` : null}
            <Time value={post.createdAt} timeZone={timeZone}>
              {formatRelative(post.createdAt, now, timeZone)}
            </Time>
            {post.editedAt ? (
              <>
                {" · "}
                <Link to={`/post/${post.id}/history`} className="underline hover:text-slate-900" title={formatDateTime(post.editedAt, timeZone)}>
                  {EDITED_LABEL} <Time value={post.editedAt} timeZone={timeZone}>{formatRelative(post.editedAt, now, timeZone)}</Time>
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <CategoryChip category={post.category} />
      </header>

      <Title id={titleId} dir="auto" className={headingLevel === 1 ? "title text-2xl" : "title text-lg"}>
        <Link to={`/post/${post.id}`}>
          {post.title}
        </Link>
      </Title>
      {Editor ? <Editor post={post} onClose={() => setEditor(null)} /> : null}

      <blockquote className="quote">
        <p className="said" dir="auto">
          “<LinkedText text={post.comment} videoId={post.videoId} />”
        </p>
        <footer className="cite">
          {"— "}
          <span dir="auto">{post.commentAuthor}</span>{" "}
          <CommentSource post={post} timeZone={timeZone} />
        </footer>
      </blockquote>

      <div className={player ? "video flex-col" : "video"}>
        {player ?? <VideoThumbnail videoId={post.videoId} title={post.videoTitle} eager={eagerThumbnail} />}
        <div className="vinfo">
          <p className="vtitle" dir="auto">{post.videoTitle}</p>
          <p dir="auto">{post.videoChannel}</p>
          <p>
            {post.videoViewCount !== null ? `${formatCount(post.videoViewCount)} views${post.videoPublishedAt ? " · " : ""}` : null}
            {post.videoPublishedAt ? (
              <Time value={post.videoPublishedAt} timeZone={timeZone}>{formatDate(post.videoPublishedAt, timeZone)}</Time>
            ) : null}
          </p>
          <a
            href={youtubeWatchUrl(post.videoId, post.videoStart)}
            target="_blank"
            rel="noopener noreferrer"
            className="watch"
          >
            Watch on YouTube
          </a>
        </div>
      </div>

      <footer className="actions">
        <VoteControls
          kind="post"
          id={post.id}
          upvotes={post.upvotes}
          downvotes={post.downvotes}
          myVote={post.myVote}
          signedIn={signedIn}
          anchor={`post-${post.id}`}
        />
        <CommentsToggle postId={post.id} videoId={post.videoId} count={post.commentsCount} />
        <ShareMenu url={`${origin}/post/${post.id}`} title={post.title} />
        <SaveButton postId={post.id} isSaved={post.isSaved} signedIn={signedIn} />
        {/* The post's own menu: what a member does to the post itself, apart from sharing it. */}
        <DetailsMenu summary="More" className="more">
            {/* The report dialog on this page (?report=…, ./report-dialog.tsx). A bare query: the feed's
                own parameters give way, and the home page's script budget keeps its bytes. */}
            {signedIn ? <Link to={`?report=post-${post.id}`}>Report post</Link> : null}
            {canEdit ? (
              <Link
                to={`/post/${post.id}/edit`}
                onClick={(event) => {
                  event.preventDefault();
                  // Without the editor's code (offline, a deploy since), the edit page.
                  const page = event.currentTarget.href;
                  import("./post-edit-inline.tsx").then((m) => setEditor(() => m.PostEditInline), () => location.assign(page));
                }}
              >
                Edit
              </Link>
            ) : null}
            {/* Hide, mute its author or its category: offered on /mutes (a URL state, decision 0125). */}
            <Link to={`/mutes?post=${post.id}`}>Hide or mute…</Link>
          </DetailsMenu>
      </footer>
    </article>
  );
}

/** A list of post cards; `editable`: the ids whose card offers 'Edit' to this viewer. */
export function PostList({ posts, editable, ...rest }: Omit<PostCardProps, "post" | "headingLevel" | "canEdit"> & { posts: PostView[]; editable?: number[] }) {
  return (
    <ol className="space-y-4" aria-label="Posts">
      {posts.map((post, i) => (
        <li key={post.id}>
          <PostCard post={post} eagerThumbnail={i === 0} canEdit={editable?.includes(post.id)} {...rest} />
        </li>
      ))}
    </ol>
  );
}
