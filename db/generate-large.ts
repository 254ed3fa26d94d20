// The large dataset for benchmarks: 20k users, 100k posts over a year, 1M votes, 500k comments and
// the notices they sent (about 1.2M).
//   npm run db:generate-large [-- path/to/file.db]      (default bench/.data/large.db)
// One transaction of prepared-statement inserts, then the counters and hot ranks set-based
// (db/recount.ts). Deterministic: the same seed gives the same site.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hashSync } from "@node-rs/argon2";
import { migrate, openDatabase } from "./client.server.ts";
import { recountAll } from "./recount.ts";

export type LargeDatasetOptions = {
  file: string;
  users?: number;
  posts?: number;
  votes?: number;
  comments?: number;
  now?: number;
  seed?: number;
};

export type LargeDatasetInfo = {
  file: string;
  users: number;
  posts: number;
  votes: number;
  comments: number;
  /** A post with exactly 200 comments (nested), for the post-page benchmark. */
  bigThreadPostId: number;
  seconds: number;
};

const DAY = 24 * 60 * 60 * 1000;
// docs/product.md §3's 20 categories (db/ imports nothing from app/).
const CATEGORIES =
  "Gaming Music Comedy Education Science Technology Sports Movies Cooking DIY Politics Animals Reaction Inspirational Fail Prank Kids Animation Travel Beauty".split(
    " ",
  );
const THREAD_SIZE = 200;

const ADJECTIVES = [
  "giggly",
  "snarky",
  "witty",
  "sleepy",
  "cosmic",
  "salty",
  "spicy",
  "fuzzy",
  "grumpy",
  "jolly",
  "zany",
  "quirky",
  "cheeky",
  "dizzy",
  "sunny",
  "lucky",
];
const NOUNS = [
  "otter",
  "llama",
  "panda",
  "walrus",
  "badger",
  "goose",
  "ferret",
  "falcon",
  "noodle",
  "pickle",
  "waffle",
  "muffin",
  "turnip",
  "cactus",
  "comet",
  "yeti",
];
const TITLE_START = [
  "When the",
  "Nobody expected the",
  "Peak",
  "This",
  "The legendary",
  "Absolute",
  "Certified",
  "Unhinged",
  "Wholesome",
  "Chaotic",
];
const TITLE_END = [
  "comment section",
  "reply",
  "review",
  "plot twist",
  "dad joke",
  "hot take",
  "confession",
  "life advice",
  "speedrun",
  "prophecy",
];
const WORDS =
  "cat dog grandma pizza router dance song wedding teacher neighbour cousin toaster banana dragon keyboard bicycle volcano spaghetti penguin microwave homework ceiling sandwich unicorn goldfish tractor pancake laundry elevator wizard potato kitten robot ninja pirate".split(
    " ",
  );
const SENTENCES = [
  "My {w} started doing this at 3am and honestly it was the best night of my life.",
  "I showed this to my {w} and now they refuse to speak to me.",
  "Nobody: absolutely nobody: my {w} during this video:",
  "I came for the {w} and stayed for the comments.",
  "This is the most {w} thing I have ever witnessed and I have seen a {w2} juggle.",
  "Played this at my {w}'s birthday. We are no longer invited anywhere.",
  "Ten years later and my {w} still hums this every morning.",
  "The {w} at 2:13 deserves an award.",
];
const REPLIES = [
  "I laughed way too hard at this.",
  "This is the best comment on the whole internet.",
  "Underrated comment right here.",
  "I can't breathe",
  "Okay this one got me.",
  "Saving this forever.",
  "The accuracy is painful.",
  "Came here to say exactly this.",
  "My {w} agrees.",
  "Not the reply I expected but the one I needed.",
];
const VIDEOS: [string, string, string][] = [
  ["dQw4w9WgXcQ", "Rick Astley - Never Gonna Give You Up (Official Video)", "Rick Astley"],
  ["jNQXAC9IVRw", "Me at the zoo", "jawed"],
  ["9bZkp7q19f0", "PSY - GANGNAM STYLE M/V", "officialpsy"],
  ["kJQP7kiw5Fk", "Luis Fonsi - Despacito ft. Daddy Yankee", "LuisFonsiVEVO"],
  ["OPf0YbXqDm0", "Mark Ronson - Uptown Funk ft. Bruno Mars", "Mark Ronson"],
  ["y6120QOlsfU", "Darude - Sandstorm", "Darude"],
  ["ZZ5LpwO-An4", "HEYYEYAAEYAA", "slackcircus"],
  ["QH2-TGUlwu4", "Nyan Cat [original]", "saraj00n"],
  ["L_jWHffIx5E", "Smash Mouth - All Star", "Smash Mouth"],
  ["fJ9rUzIMcZQ", "Queen – Bohemian Rhapsody", "Queen Official"],
];

/** A small deterministic random generator (LCG), as in db/seed.ts. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function generateLarge(options: LargeDatasetOptions): LargeDatasetInfo {
  const started = performance.now();
  const {
    file,
    users: userCount = 20_000,
    posts: postCount = 100_000,
    votes: voteCount = 1_000_000,
    comments: commentCount = 500_000,
    now = Date.now(),
    seed = 7,
  } = options;
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
  const db = openDatabase(file);
  migrate(db);
  const sqlite = db.$client;
  // A bulk load: no journal to speak of, a large page cache. WAL comes back at the end.
  sqlite.pragma("journal_mode = MEMORY");
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("cache_size = -400000");

  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)];
  const fill = (s: string) => s.replace("{w}", pick(WORDS)).replace("{w2}", pick(WORDS));
  const passwordHash = hashSync("chortle-demo", { memoryCost: 19456, timeCost: 2, parallelism: 1 });

  const insertUser = sqlite.prepare(
    "INSERT INTO users (id, username, email, password_hash, display_name, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const insertPost = sqlite.prepare(
    `INSERT INTO posts (id, user_id, title, category, comment, comment_author, video_id, video_title, video_channel,
       video_thumbnail, video_view_count, video_published_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertComment = sqlite.prepare(
    "INSERT INTO comments (id, post_id, user_id, parent_id, content, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const insertPostVote = sqlite.prepare(
    "INSERT INTO votes (user_id, post_id, is_upvote, created_at) VALUES (?, ?, ?, ?)",
  );
  const insertCommentVote = sqlite.prepare(
    "INSERT INTO votes (user_id, comment_id, is_upvote, created_at) VALUES (?, ?, ?, ?)",
  );
  const insertFollow = sqlite.prepare("INSERT OR IGNORE INTO follows (follower_id, following_id) VALUES (?, ?)");

  const postCreated = new Float64Array(postCount + 1);
  const span = 365 * DAY;
  // Prolific users write more: user ids skewed towards the low end.
  const author = () => 1 + Math.floor(userCount * random() ** 2);
  const voter = () => 1 + int(userCount);
  // The thread for the post-page benchmark: a post from yesterday.
  const bigThreadPostId = postCount - Math.floor(postCount / 365);
  let commentsMade = 0;
  let votesMade = 0;

  // Indexes and the search triggers are set aside during the load and rebuilt once at the end
  // (sorting once is far cheaper than a million scattered B-tree inserts).
  const deferred = sqlite
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL
       AND tbl_name IN ('users', 'posts', 'comments', 'votes', 'follows', 'notifications')`,
    )
    .all() as { type: "index" | "trigger"; name: string; sql: string }[];

  sqlite.transaction(() => {
    for (const { type, name } of deferred) sqlite.exec(`DROP ${type.toUpperCase()} "${name}"`);
    for (let id = 1; id <= userCount; id++) {
      const name = `${ADJECTIVES[id % 16]}_${NOUNS[Math.floor(id / 16) % 16]}${id}`;
      insertUser.run(id, name, `${name}@example.com`, passwordHash, null, now - span - (userCount - id) * 60_000);
    }

    for (let id = 1; id <= postCount; id++) {
      // Oldest first, spread evenly over the year up to now.
      const created = Math.floor(now - span + (span * id) / postCount - random() * 60_000);
      postCreated[id] = created;
      const [videoId, videoTitle, channel] = pick(VIDEOS);
      insertPost.run(
        id,
        author(),
        `${pick(TITLE_START)} ${pick(WORDS)} ${pick(TITLE_END)}`,
        pick(CATEGORIES),
        fill(pick(SENTENCES)),
        `@${pick(WORDS)}${pick(NOUNS)}${int(1000)}`,
        videoId,
        videoTitle,
        channel,
        `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
        int(2_000_000_000),
        created - int(3000) * DAY,
        created,
      );
    }

    // Comments: the big thread first, then the rest spread over all posts.
    let commentId = 0;
    const threadOf = (postId: number, size: number) => {
      const first = commentId + 1;
      let at = postCreated[postId];
      for (let i = 0; i < size; i++) {
        commentId++;
        at = Math.min(now, at + int(20 * 60_000));
        const parent = i > 0 && random() < 0.4 ? first + int(i) : null;
        insertComment.run(commentId, postId, voter(), parent, fill(pick(REPLIES)), Math.floor(at));
      }
    };
    const perPost = new Uint16Array(postCount + 1);
    for (let i = 0; i < commentCount - THREAD_SIZE; i++) {
      let postId = 1 + int(postCount);
      if (postId === bigThreadPostId) postId = 1;
      perPost[postId]++;
    }
    perPost[bigThreadPostId] = THREAD_SIZE;
    for (let postId = 1; postId <= postCount; postId++) if (perPost[postId] > 0) threadOf(postId, perPost[postId]);
    commentsMade = commentId;

    // Votes: about 90% on posts (distinct voters per post, some posts catch on), the rest on comments.
    const meanVoters = (voteCount * 0.9) / postCount;
    const seen = new Set<number>();
    for (let postId = 1; postId <= postCount && votesMade < voteCount; postId++) {
      const k = Math.min(voteCount - votesMade, userCount / 2, Math.round(-Math.log(1 - random()) * meanVoters));
      const quality = 0.55 + random() * 0.4;
      const created = postCreated[postId];
      seen.clear();
      for (let j = 0; j < k; j++) {
        let user = voter();
        while (seen.has(user)) user = voter();
        seen.add(user);
        const at = Math.min(now, created - Math.log(1 - random()) * DAY);
        insertPostVote.run(user, postId, random() < quality ? 1 : 0, Math.floor(at));
      }
      votesMade += k;
    }
    const commentKeys = new Set<number>();
    while (votesMade < voteCount) {
      const user = voter();
      const comment = 1 + int(commentsMade);
      const key = comment * (userCount + 1) + user;
      if (commentKeys.has(key)) continue;
      commentKeys.add(key);
      insertCommentVote.run(user, comment, random() < 0.8 ? 1 : 0, Math.floor(now - random() * span));
      votesMade++;
    }

    for (let i = 0; i < userCount; i++) {
      const a = voter();
      const b = author();
      if (a !== b) insertFollow.run(a, b);
    }

    // The notices those votes and comments sent their authors (as the site sends them: not for your
    // own content), read if older than a week: every vote's write path withdraws one.
    const weekAgo = now - 7 * DAY;
    sqlite
      .prepare(
        `INSERT INTO notifications (user_id, actor_id, type, params, post_id, is_read, created_at)
         SELECT p.user_id, v.user_id, CASE WHEN v.is_upvote THEN 'post_upvote' ELSE 'post_downvote' END,
           json_object('actor', u.username, 'title', p.title),
           p.id, v.created_at < ?, v.created_at
         FROM votes v JOIN posts p ON p.id = v.post_id JOIN users u ON u.id = v.user_id
         WHERE p.user_id <> v.user_id`,
      )
      .run(weekAgo);
    sqlite
      .prepare(
        `INSERT INTO notifications (user_id, actor_id, type, params, post_id, comment_id, is_read, created_at)
         SELECT p.user_id, c.user_id, 'comment_on_post', json_object('actor', u.username, 'title', p.title),
           p.id, c.id, c.created_at < ?, c.created_at
         FROM comments c JOIN posts p ON p.id = c.post_id JOIN users u ON u.id = c.user_id
         WHERE p.user_id <> c.user_id AND c.parent_id IS NULL`,
      )
      .run(weekAgo);

    for (const { sql } of deferred) sqlite.exec(sql);
    // As the triggers fill them (migration 0025): the word index and post_words folded (db/words.ts),
    // the trigram index as written.
    sqlite.exec(`INSERT INTO post_words (post_id, words) SELECT id, post_words(title, comment, comment_author, video_title) FROM posts`);
    sqlite.exec(`INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
      SELECT p.id, fold_text(p.title), fold_text(p.comment), fold_text(p.comment_author), fold_text(p.video_title), fold_text(coalesce(u.username, ''))
      FROM posts p LEFT JOIN users u ON u.id = p.user_id`);
    sqlite.exec(`INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
      SELECT p.id, p.title, p.comment, p.comment_author, p.video_title, coalesce(u.username, '')
      FROM posts p LEFT JOIN users u ON u.id = p.user_id`);
    recountAll(db);
  })();

  sqlite.pragma("journal_mode = WAL");
  db.$client.close();
  return {
    file,
    users: userCount,
    posts: postCount,
    votes: votesMade,
    comments: commentsMade,
    bigThreadPostId,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = path.resolve(process.argv[2] ?? "bench/.data/large.db");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  console.log(`Generating the large dataset into ${file} …`);
  const info = generateLarge({ file });
  fs.writeFileSync(`${file}.json`, JSON.stringify(info, null, 2));
  console.log(
    `${info.users} users, ${info.posts} posts, ${info.votes} votes, ${info.comments} comments in ${info.seconds} s ` +
      `(post ${info.bigThreadPostId} has ${THREAD_SIZE} comments)`,
  );
}
