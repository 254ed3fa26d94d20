import { prepared } from "../db.server.ts";

const sharedVideo = prepared((db) => db.$client.prepare("SELECT 1 FROM posts WHERE video_id = ? LIMIT 1").pluck());

/** Whether any post shares this video (posts_video_idx): the server fetches thumbnails only for those. */
export function isVideoShared({ videoId }: { videoId: string }): boolean {
  return sharedVideo().get(videoId) !== undefined;
}
