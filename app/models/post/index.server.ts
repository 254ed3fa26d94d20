// The post entity: what may be read and written about posts, in one folder.
//   read      feeds, category lists, one post, posts by id (with the viewer's vote and save)
//   filter    the feed's ?q= text filter
//   search    /search (the lists' sorts over the word index, capped) and member search
//   rankings  the week's top contributors, posts per category
//   write     create (resolved facts only) and delete (the author, or an admin with a reason)
//   viewer-state  the viewer's votes and saves for a page of posts
//   shared-video  whether a video was shared (the thumbnail route asks)
//   preview   a post's link-preview picture (the quote drawn, kept on disk by revision)
export * from "./read.server.ts";
export * from "./search.server.ts";
export * from "./rankings.server.ts";
export * from "./write.server.ts";
export * from "./delete.server.ts";
export { getViewerPostStates } from "./viewer-state.server.ts";
export { isVideoShared } from "./shared-video.server.ts";
export { postPreview, previewRevision } from "./preview.server.ts";
