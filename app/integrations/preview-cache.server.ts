// The link-preview pictures of posts, kept on disk beside the database (docs/decisions/0181): a folder
// per post, a file per revision, `previews/{postId}/{revision}-{fingerprint}.png`, where the revision is the post's last
// edit (or its creation) and the fingerprint a digest of everything drawn (quote, author, title, site
// name, the drawing's version). So an edit of the title or the quoted author names another file, and
// the old one goes when the new one is kept; the same facts always name the same file (a picture is
// never stale, and MEMO=off changes nothing: it is storage, like the thumbnail cache).
//
// The cost is bounded: a picture is drawn at most once per revision in a process (concurrent requests
// share one draw), the drawing itself is bounded by preview-draw.server.ts, and past MAX_DRAWING
// pictures being drawn at once a request gets null (the caller serves the site's card) rather than
// a queue. A removed post's files are removed when asked for (forgetPreview).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server.ts";
import { drawPreview, type PreviewCard } from "./preview-draw.server.ts";

/** Change when the drawing changes: every picture is drawn again (the old files go as they are asked for). */
const DRAWING_VERSION = "1";
const MAX_DRAWING = 8;

export type PreviewFacts = PreviewCard & { postId: number; revision: number };

let dirMade: string | null = null;

/** The folder: `previews/` beside the database (one for all workers). */
export function previewDir(): string {
  const dir = path.join(path.dirname(path.resolve(getEnv().DATABASE_PATH)), "previews");
  if (dirMade !== dir) {
    fs.mkdirSync(dir, { recursive: true });
    dirMade = dir;
  }
  return dir;
}

/** The file of a post's picture at a revision, inside the folder: changes with anything drawn. */
export function previewFileName({ postId, revision, comment, commentAuthor, title, siteName }: PreviewFacts): string {
  const fingerprint = crypto
    .createHash("sha256")
    .update(JSON.stringify([DRAWING_VERSION, comment, commentAuthor, title, siteName]))
    .digest("hex")
    .slice(0, 12);
  return path.join(String(postId), `${revision}-${fingerprint}.png`);
}

function keep(dir: string, name: string, png: Buffer) {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, png);
  fs.renameSync(temp, file);
  // The post's other revisions are of no use any more (its folder holds only its own few files).
  for (const old of fs.readdirSync(path.dirname(file))) {
    if (old !== path.basename(file) && old.endsWith(".png")) fs.rmSync(path.join(path.dirname(file), old), { force: true });
  }
}

const inflight = new Map<string, Promise<Buffer | null>>();

type Draw = (card: PreviewCard) => Promise<Buffer>;

/**
 * The post's picture (PNG bytes): the kept file, or drawn now and kept. Null when too many pictures
 * are being drawn already or the drawing failed (logged): the caller serves something else.
 * `draw` is the drawing (tests count its calls).
 */
export async function getPreview(facts: PreviewFacts, draw: Draw = drawPreview): Promise<Buffer | null> {
  const dir = previewDir();
  const name = previewFileName(facts);
  try {
    return await fs.promises.readFile(path.join(dir, name));
  } catch {
    // Not drawn yet at this revision.
  }
  let pending = inflight.get(name);
  if (pending) return pending;
  if (inflight.size >= MAX_DRAWING) return null;
  const { postId, revision: _revision, ...card } = facts;
  pending = draw(card)
    .then((png) => {
      try {
        keep(dir, name, png);
      } catch (cause) {
        console.warn(`preview cache: could not keep ${name}:`, (cause as Error).message);
      }
      return png;
    })
    .catch((cause: unknown) => {
      console.error(`preview of post ${postId}:`, cause);
      return null;
    })
    .finally(() => inflight.delete(name));
  inflight.set(name, pending);
  return pending;
}

/** Removes a post's pictures (the post is gone): its one folder. */
export function forgetPreview(postId: number): void {
  fs.rmSync(path.join(previewDir(), String(postId)), { recursive: true, force: true });
}
