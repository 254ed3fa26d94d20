// 50 members follow and unfollow the same member at once over HTTP (JSON API and the no-JS form
// mixed), half of them served by each of two worker processes, so that two processes really
// contend for the database file. Afterwards followersCount / followingCount equal COUNT(*) of the
// follow rows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { openLanes, type Lanes } from "../support/worker-lanes.ts";

const USERS = 50;
let api: ApiClient;
let lanes: Lanes;
let star: ApiUser;
let fans: ApiUser[];

beforeAll(async () => {
  api = await startApiServer({ WORKERS: "2" });
  star = await api.user();
  fans = [];
  for (let i = 0; i < USERS; i++) fans.push(await api.user());
  // Last, so that no connection sits idle long enough for the server to close it.
  lanes = await openLanes(api.url, { count: 20, workers: 2 });
});
afterAll(async () => {
  lanes?.close();
  await api?.stop();
});

/** Member `i` is served by worker i % 2 and goes through the JSON API or the no-JS form by (i >> 1) % 2. */
async function follow(fan: ApiUser, i: number, on: boolean) {
  const lane = lanes.for(i);
  const res =
    (i >> 1) % 2 === 0
      ? await api.fetch(`/api/users/${star.id}/follow`, { method: on ? "POST" : "DELETE", user: fan, lane })
      : await api.fetch(`/profile/${star.id}/follow`, { method: "POST", user: fan, form: { intent: on ? "follow" : "unfollow" }, lane });
  expect([200, 303]).toContain(res.status);
  await res.arrayBuffer();
}

function mismatches() {
  return api.db.all<{ id: number }>(sql`SELECT id FROM users u WHERE
    followers_count <> (SELECT count(*) FROM follows WHERE following_id = u.id) OR
    following_count <> (SELECT count(*) FROM follows WHERE follower_id = u.id)`);
}

describe("follows under concurrency", () => {
  it("50 members following, unfollowing and following again at once keep the counters true", async () => {
    // Each member in order: follow, unfollow, and (two thirds of them) follow again; members interleave.
    await Promise.all(
      fans.map(async (fan, i) => {
        await follow(fan, i, true);
        await follow(fan, i, false);
        if (i % 3 !== 2) await follow(fan, i, true);
      }),
    );
    const expected = fans.filter((_, i) => i % 3 !== 2).length;
    const row = api.db.get<{ n: number; rows: number }>(
      sql`SELECT followers_count AS n, (SELECT count(*) FROM follows WHERE following_id = ${star.id}) AS rows FROM users WHERE id = ${star.id}`,
    )!;
    expect(row).toEqual({ n: expected, rows: expected });
    expect(mismatches()).toEqual([]);
    // One new_follower per member, however often they came back within the day.
    const notes = api.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${star.id} AND type = 'new_follower'`)!.n;
    expect(notes).toBe(USERS);

    // Then chaos: six follows or unfollows each, fired without waiting.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    await Promise.all(fans.flatMap((fan, i) => Array.from({ length: 6 }, () => follow(fan, i, random() < 0.5))));
    expect(mismatches()).toEqual([]);
    // Both workers served their 25 members: at least 2 + 6 requests each.
    const served = lanes.servedBy();
    expect(served.size).toBe(2);
    for (const requests of served.values()) expect(requests).toBeGreaterThanOrEqual(25 * 8);
    expect(api.server.logs()).not.toMatch(/Error|SQLITE_BUSY/);
  });
});
