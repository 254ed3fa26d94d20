// 50 members follow and unfollow the same member at once over HTTP (JSON API and the no-JS form
// mixed). Afterwards followersCount / followingCount equal COUNT(*) of the follow rows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

const USERS = 50;
let api: ApiClient;
let star: ApiUser;
let fans: ApiUser[];

beforeAll(async () => {
  api = await startApiServer();
  star = await api.user();
  fans = [];
  for (let i = 0; i < USERS; i++) fans.push(await api.user());
});
afterAll(() => api.stop());

async function follow(fan: ApiUser, i: number, on: boolean) {
  const res =
    i % 2 === 0
      ? await api.fetch(`/api/users/${star.id}/follow`, { method: on ? "POST" : "DELETE", user: fan })
      : await api.fetch(`/profile/${star.id}/follow`, { method: "POST", user: fan, form: { intent: on ? "follow" : "unfollow" } });
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
    expect(api.server.logs()).not.toMatch(/Error|SQLITE_BUSY/);
  });
});
