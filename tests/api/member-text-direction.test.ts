// Right-to-left member text shown the right way round (issue 38; lemmy-ui#347): on every page that
// shows what members wrote (titles, quoted comments, comments, replies, names, bios, report notes,
// earlier versions, waiting items, notices, hidden posts), each run of it sits in an element whose direction the
// browser works out from the text itself: `dir="auto"` on it or an ancestor, or a `<bdi>`. The pages are
// read as an admin, who sees the most, and as the post's author, whose bell holds the notices.
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldItems, users } from "#db/schema.ts";
import { eq } from "drizzle-orm";
import { createComment } from "~/models/comment.server.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

// Arabic letters: a run of them in a left-to-right paragraph is what goes wrong without dir="auto".
const RTL = "مرحبا";
const word = (n: number) => `${RTL}${"ابتثجحخ"[n]}`;

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await api?.stop();
});

/** Each element of the page's body whose own text holds right-to-left member text that nothing marks as such. */
function unmarked(html: string): string[] {
  const $ = cheerio.load(html);
  const found: string[] = [];
  $("body *").each((_, el) => {
    const own = $(el)
      .contents()
      .filter((_, node) => node.type === "text")
      .text();
    if (!own.includes(RTL) || $(el).closest("script, style, template, title").length > 0) return;
    if ($(el).closest("[dir=auto], bdi").length === 0) found.push(`<${$(el).prop("tagName")?.toLowerCase()}> ${own.trim().slice(0, 60)}`);
  });
  return found;
}

describe("right-to-left member text", () => {
  it("is marked for the browser to set its direction, on every page that shows it", async () => {
    const admin = await api.user({ isAdmin: true });
    const author = await api.user();
    const talker = await api.user();
    api.db.update(users).set({ displayName: `${word(0)} Display`, bio: `${word(1)} a bio` }).where(eq(users.id, author.id)).run();
    const post = api.post(author.id, { title: `${word(2)} the title`, comment: `${word(3)} the quote`, commentAuthor: `@${word(4)}`, category: "Animals" });
    const top = createComment({ userId: talker.id, postId: post.id, content: `${word(5)} a comment` });
    createComment({ userId: author.id, postId: post.id, parentId: top.id, content: `${word(6)} a reply` });
    // An earlier version (the history page), a report with its note (the queue), a waiting comment.
    const edit = await api.fetch(`/api/comments/${top.id}`, { method: "PATCH", user: talker, json: { content: `${word(5)} the comment, edited` } });
    expect(edit.status).toBe(200);
    const report = await api.fetch("/api/reports", { method: "POST", user: talker, json: { targetType: "post", targetId: post.id, reason: "spam", note: `${word(1)} a note` } });
    expect(report.status).toBeLessThan(300);
    api.db.insert(heldItems).values({ kind: "comment", userId: talker.id, postId: post.id, content: `${word(0)} waiting`, reason: "link" }).run();
    api.db.update(users).set({ newcomer: true }).where(eq(users.id, talker.id)).run();
    // A post the talker hid (their Hidden tab).
    expect((await api.fetch(`/api/posts/${post.id}/hide`, { method: "PUT", user: talker })).status).toBe(200);

    const pages: [string, typeof admin][] = [
      ["/", admin],
      ["/?sort=new", admin],
      [`/post/${post.id}`, admin],
      [`/post/${post.id}`, author],
      [`/profile/${author.id}`, admin],
      [`/profile/${talker.id}/comments`, admin],
      [`/search?q=${encodeURIComponent(word(2))}`, admin],
      ["/category/animals", admin],
      [`/comments/${top.id}/history`, admin],
      ["/notifications", author],
      ["/mutes?tab=hidden", talker],
      ["/account/standing", talker],
      ["/admin", admin],
      ["/admin/posts", admin],
      ["/admin/reports", admin],
      ["/admin/users", admin],
    ];
    let seen = 0;
    for (const [path, user] of pages) {
      const res = await api.fetch(path, { user });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      if (html.includes(RTL)) seen++;
      expect(unmarked(html), path).toEqual([]);
    }
    // The walk proves something only where the text is shown.
    expect(seen).toBeGreaterThanOrEqual(pages.length - 1);
  });
});
