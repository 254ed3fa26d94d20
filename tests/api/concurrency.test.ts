// 50 signed-in users voting, switching, un-voting, commenting and deleting at once over HTTP (JSON
// API and no-JS forms mixed), half of them served by each of two worker processes, so that two
// processes really contend for the database file (one process over a synchronous driver would
// serve them one after another). Afterwards every counter equals COUNT(*) of its rows and the hot
// rank matches the formula.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotScore } from "#db/hot.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { openLanes, type Lanes } from "../support/worker-lanes.ts";

const USERS = 50;
let api: ApiClient;
let lanes: Lanes;
let author: ApiUser;
let users: ApiUser[];

beforeAll(async () => {
  api = await startApiServer({ WORKERS: "2" });
  author = await api.user();
  users = [];
  for (let i = 0; i < USERS; i++) users.push(await api.user());
  // Last, so that no connection sits idle long enough for the server to close it.
  lanes = await openLanes(api.url, { count: 20, workers: 2 });
});
afterAll(async () => {
  lanes?.close();
  await api?.stop();
});

/** User `i` is served by worker i % 2 and writes through the JSON API or the no-JS form by (i >> 1) % 2. */
const viaJson = (i: number) => (i >> 1) % 2 === 0;

/** Each worker answered at least `requests` since `before` (lanes.servedBy()): both took their half. */
function expectBothWorkersServed(before: Map<number, number>, requests: number) {
  const after = lanes.servedBy();
  expect(after.size).toBe(2);
  for (const [pid, served] of after) expect(served - (before.get(pid) ?? 0)).toBeGreaterThanOrEqual(requests);
}

type Target = { postId: number } | { commentId: number };

/** One vote, half the users through the JSON API and half through the no-JS form. */
async function vote(user: ApiUser, index: number, target: Target, isUpvote: boolean) {
  const lane = lanes.for(index);
  const res = viaJson(index)
    ? await api.fetch("/api/votes", { method: "POST", user, json: { ...target, isUpvote }, lane })
    : await api.fetch("postId" in target ? `/post/${target.postId}/vote` : `/comments/${target.commentId}/vote`, {
        method: "POST",
        user,
        form: { direction: isUpvote ? "up" : "down" },
        lane,
      });
  expect([200, 303]).toContain(res.status);
  await res.arrayBuffer();
}

async function comment(user: ApiUser, index: number, postId: number, content: string, parentId?: number): Promise<number> {
  const res = await api.fetch("/api/comments", { method: "POST", user, json: { postId, content, parentId }, lane: lanes.for(index) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

function postCounters(postId: number) {
  return api.db.get<{
    upvotes: number;
    downvotes: number;
    score: number;
    hot: number;
    created: number;
    comments_count: number;
    up_rows: number;
    down_rows: number;
    live_comments: number;
  }>(sql`SELECT upvotes, downvotes, score, hot, created_at AS created, comments_count,
    (SELECT count(*) FROM votes WHERE post_id = p.id AND is_upvote = 1) AS up_rows,
    (SELECT count(*) FROM votes WHERE post_id = p.id AND is_upvote = 0) AS down_rows,
    (SELECT count(*) FROM comments WHERE post_id = p.id AND deleted_at IS NULL) AS live_comments
    FROM posts p WHERE id = ${postId}`)!;
}

function expectPostConsistent(postId: number) {
  const p = postCounters(postId);
  expect([p.upvotes, p.downvotes]).toEqual([p.up_rows, p.down_rows]);
  expect(p.score).toBe(p.upvotes - p.downvotes);
  expect(p.hot).toBeCloseTo(hotScore(p.upvotes, p.downvotes, p.created), 6);
  expect(p.comments_count).toBe(p.live_comments);
  return p;
}

function expectCommentsConsistent(postId: number) {
  const rows = api.db.all<{ id: number; upvotes: number; downvotes: number; up_rows: number; down_rows: number }>(
    sql`SELECT id, upvotes, downvotes,
      (SELECT count(*) FROM votes WHERE comment_id = c.id AND is_upvote = 1) AS up_rows,
      (SELECT count(*) FROM votes WHERE comment_id = c.id AND is_upvote = 0) AS down_rows
      FROM comments c WHERE post_id = ${postId}`,
  );
  for (const r of rows) expect([r.id, r.upvotes, r.downvotes]).toEqual([r.id, r.up_rows, r.down_rows]);
  return rows;
}

/** The author's standing vote notifications on the post: one per current vote, never a pile. */
function voteNotifications(postId: number) {
  return api.db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${author.id} AND post_id = ${postId}
      AND type IN ('post_upvote', 'post_downvote')`,
  )!.n;
}

describe("votes under concurrency", () => {
  it("50 users voting, switching and un-voting on one post and its comments at once", async () => {
    const before = lanes.servedBy();
    const post = api.post(author.id);
    const c1 = await comment(author, 0, post.id, "first comment to vote on");
    const c2 = await comment(author, 1, post.id, "second comment to vote on");
    const targets: Target[] = [{ postId: post.id }, { commentId: c1 }, { commentId: c2 }];

    // Everyone at once: up, switch to down, take it back, then a final vote by i % 3
    // (0: up, 1: down, 2: none). Each user's own steps are in order; users interleave freely.
    await Promise.all(
      users.map(async (user, i) => {
        for (const target of targets) {
          await vote(user, i, target, true);
          await vote(user, i, target, false);
          await vote(user, i, target, false);
          if (i % 3 !== 2) await vote(user, i, target, i % 3 === 0);
        }
      }),
    );
    const ups = users.filter((_, i) => i % 3 === 0).length;
    const downs = users.filter((_, i) => i % 3 === 1).length;
    const p = expectPostConsistent(post.id);
    expect([p.upvotes, p.downvotes]).toEqual([ups, downs]);
    const rows = expectCommentsConsistent(post.id);
    for (const r of rows) expect([r.upvotes, r.downvotes]).toEqual([ups, downs]);
    expect(voteNotifications(post.id)).toBe(ups + downs);

    // Then chaos: every user fires six random votes without waiting for any of them.
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const shots = users.flatMap((user, i) =>
      Array.from({ length: 6 }, () => vote(user, i, targets[Math.floor(random() * targets.length)], random() < 0.5)),
    );
    await Promise.all(shots);
    const after = expectPostConsistent(post.id);
    expectCommentsConsistent(post.id);
    expect(voteNotifications(post.id)).toBe(after.upvotes + after.downvotes);
    // One row per user and target, whatever happened.
    const dupes = api.db.get<{ n: number }>(
      sql`SELECT count(*) AS n FROM (SELECT user_id, post_id, comment_id, count(*) AS k FROM votes GROUP BY 1, 2, 3 HAVING k > 1)`,
    )!.n;
    expect(dupes).toBe(0);
    // 25 members a worker, each with at least 9 votes in order and 6 in the chaos.
    expectBothWorkersServed(before, 25 * 15);
  });
});

describe("comments under concurrency", () => {
  it("50 users commenting, replying and deleting at once keep commentsCount true", async () => {
    const before = lanes.servedBy();
    const post = api.post(author.id);
    const anchor = await comment(author, 0, post.id, "reply to me, everyone");

    // i % 3 === 0: delete the comment that has a reply (a placeholder stays);
    // i % 3 === 1: delete the reply; i % 3 === 2: delete both, reply first.
    await Promise.all(
      users.map(async (user, i) => {
        const [mine, answer] = await Promise.all([
          comment(user, i, post.id, `comment number ${i}`),
          comment(user, i, post.id, `reply number ${i}`, anchor),
        ]);
        const reply = await comment(user, i, post.id, `my own reply ${i}`, mine);
        const del = async (id: number) => {
          const lane = lanes.for(i);
          const res = viaJson(i)
            ? await api.fetch(`/api/comments/${id}`, { method: "DELETE", user, lane })
            : await api.fetch(`/comments/${id}/delete`, { method: "POST", user, form: {}, lane });
          expect([200, 303]).toContain(res.status);
          await res.arrayBuffer();
        };
        if (i % 3 === 0) await del(mine);
        if (i % 3 === 1) await del(reply);
        if (i % 3 === 2) {
          await del(reply);
          await del(mine);
        }
        // Every user also deletes their reply to the shared comment.
        await del(answer);
      }),
    );
    const p = expectPostConsistent(post.id);
    const keepsOwnComment = users.filter((_, i) => i % 3 === 1).length;
    const keepsOwnReply = users.filter((_, i) => i % 3 === 0).length;
    // The shared comment, the comments kept with their replies gone, the replies under placeholders.
    expect(p.comments_count).toBe(1 + keepsOwnComment + keepsOwnReply);
    const placeholders = api.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM comments WHERE post_id = ${post.id} AND deleted_at IS NOT NULL`)!.n;
    expect(placeholders).toBe(keepsOwnReply);
    // 25 members a worker, each with three comments and at least two deletions.
    expectBothWorkersServed(before, 25 * 5);
  });
});

describe("the server log", () => {
  it("shows no error after the storm, in either worker", () => {
    expect(api.server.logs()).not.toMatch(/Error|SQLITE_BUSY/);
  });
});
