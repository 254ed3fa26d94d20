// 40 members report the same post at once over HTTP (JSON API and the no-JS form mixed), half of
// them served by each of two worker processes, and each tries twice: one case, its report_count
// equal to COUNT(*) of its reports, one report per member.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { openLanes, type Lanes } from "../support/worker-lanes.ts";

const USERS = 40;
let api: ApiClient;
let lanes: Lanes;
let author: ApiUser;
let reporters: ApiUser[];

beforeAll(async () => {
  api = await startApiServer({ WORKERS: "2", RATE_LIMIT: "off" });
  author = await api.user();
  reporters = [];
  for (let i = 0; i < USERS; i++) reporters.push(await api.user());
  lanes = await openLanes(api.url, { count: 20, workers: 2 });
});
afterAll(async () => {
  lanes?.close();
  await api?.stop();
});

async function send(reporter: ApiUser, i: number, postId: number) {
  const lane = lanes.for(i);
  const res =
    (i >> 1) % 2 === 0
      ? await api.fetch("/api/reports", { method: "POST", user: reporter, json: { targetType: "post", targetId: postId, reason: "spam" }, lane })
      : await api.fetch("/reports", { method: "POST", user: reporter, form: { targetType: "post", targetId: String(postId), reason: "other" }, lane });
  await res.arrayBuffer();
  return res.status;
}

describe("reports under concurrency", () => {
  it("two workers, every member twice at once: one case whose counter equals its rows", async () => {
    const post = api.post(author.id);
    const statuses = await Promise.all(reporters.flatMap((r, i) => [send(r, i, post.id), send(r, i, post.id)]));
    // JSON: one 201 and one 409 per member; the form: 303 both times (thanks, then the refusal's toast).
    expect(statuses.filter((s) => s === 201).length).toBe(USERS / 2);
    expect(statuses.filter((s) => s === 409).length).toBe(USERS / 2);
    const cases = api.db.all<{ id: number; report_count: number; rows: number }>(
      sql`SELECT id, report_count, (SELECT count(*) FROM reports r WHERE r.case_id = c.id) AS rows FROM report_cases c WHERE target_type = 'post' AND target_id = ${post.id}`,
    );
    expect(cases).toEqual([{ id: cases[0].id, report_count: USERS, rows: USERS }]);
    const perMember = api.db.get<{ n: number }>(sql`SELECT count(DISTINCT reporter_id) AS n FROM reports WHERE case_id = ${cases[0].id}`)!;
    expect(perMember.n).toBe(USERS);
  });
});
