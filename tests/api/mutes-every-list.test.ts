// Issue 38's promise, walked over the whole route map: a muted word, member and category never appear
// on any list or feed the member reads (every page, feed and JSON list of posts or comments), as a
// member with their mutes and as a visitor with the mute cookie (words and categories). Every route
// of app/routes.ts is either a list walked here or named below with why it is not one: a new route
// without its row fails the test.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { createComment } from "~/models/comment.server.ts";
import { followUser } from "~/models/follow.server.ts";
import { savePost } from "~/models/save.server.ts";
import { getFeedToken } from "~/models/syndication-token.server.ts";
import { castVote } from "~/models/vote.server.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

function flatten(entries: RouteConfigEntry[], parent = ""): { id: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    return [{ id, pattern }, ...flatten(entry.children ?? [], pattern === "/" ? "" : pattern)];
  });
}

/** The site as one viewer sees it: `me` is the viewer (the member who muted, or the control who did not). */
type Site = { me: ApiUser; muted: ApiUser; author: ApiUser; visible: number; mutedPost: number; feedFile: string };
type List = { member?: (s: Site) => string[]; visitor?: (s: Site) => string[] };

const both = (urls: (s: Site) => string[]): List => ({ member: urls, visitor: urls });
/** `urls` for both, and the muted member's own pages for the member only (a visitor cannot mute a member). */
const withMuted = (urls: (s: Site) => string[], mutedOnes: (s: Site) => string[]): List => ({ member: (s) => [...urls(s), ...mutedOnes(s)], visitor: urls });

/** Every list of posts or comments, by route id: the URLs that show it. */
const LISTS: Record<string, List> = {
  "routes/home": both(() => ["/", "/?sort=new", "/?sort=top", "/?sort=new&q=walker", "/?sort=new&t=week"]),
  "routes/category": both(() => ["/category/cooking", "/category/comedy"]),
  "routes/categories": both(() => ["/categories?sort=newest"]),
  "routes/search": both(() => ["/search?q=walker", "/search", "/search?q=walker&tab=posts"]),
  "routes/post.$id": both((s) => [`/post/${s.visible}`]),
  "routes/profile/profile": withMuted((s) => [`/profile/${s.author.id}`], (s) => [`/profile/${s.muted.id}`]),
  "routes/profile/posts": withMuted((s) => [`/profile/${s.author.id}`], (s) => [`/profile/${s.muted.id}`]),
  "routes/profile/comments": withMuted((s) => [`/profile/${s.author.id}/comments`], (s) => [`/profile/${s.muted.id}/comments`]),
  "routes/profile/upvoted": both((s) => [`/profile/${s.author.id}/upvoted`]),
  "routes/profile/saved": { member: (s) => [`/profile/${s.me.id}/saved`] },
  "routes/notifications": { member: () => ["/notifications"] },
  "routes/api/notifications": { member: () => ["/api/notifications"] },
  "routes/api/posts": both(() => ["/api/posts?sortBy=new&limit=50", "/api/posts?sortBy=hot&limit=50", "/api/posts?sortBy=top&category=Cooking"]),
  "routes/api/post-comments": both((s) => [`/api/posts/${s.visible}/comments`]),
  "routes/api/search": both(() => ["/api/search?q=walker", "/api/search?q="]),
  "api-user-posts": withMuted((s) => [`/api/users/${s.author.id}/posts`], (s) => [`/api/users/${s.muted.id}/posts`]),
  "api-user-comments": withMuted((s) => [`/api/users/${s.author.id}/comments`], (s) => [`/api/users/${s.muted.id}/comments`]),
  "api-user-upvoted": both((s) => [`/api/users/${s.author.id}/upvoted`]),
  "api-user-saved": { member: (s) => [`/api/users/${s.me.id}/saved`] },
  // A list of names: a visitor mutes no member, so only the member's is walked.
  "routes/api/top-contributors": { member: () => ["/api/users/top/contributors?limit=5"] },
  "routes/syndication/following": { member: (s) => [`/feeds/following/${s.feedFile}`] },
};

/** Every other route, and why it is not a list a member's mutes apply to. */
const NOT_LISTS: [string, string[]][] = [
  ["a form, a redirect or an endpoint that writes (it lists nothing)", [
    "routes/posts.$id", "routes/sign-in-required", "routes/logout", "routes/theme", "routes/share", "routes/share.target",
    "routes/post.$id.vote", "routes/comments.$id.vote", "routes/post.$id.save", "routes/post.$id.hide", "routes/post.$id.comments",
    "routes/post.$id.delete", "routes/comments.$id.delete", "routes/post.$id.edit", "routes/comments.$id.edit",
    "routes/revisions.$id.redact", "routes/reports", "routes/sessions.sign-out-others", "routes/account.verify-email",
    "routes/invites", "routes/profile/follow", "routes/profile/block", "routes/api/login", "routes/api/register",
    "routes/api/logout", "routes/api/demo-login", "routes/api/forgot-password", "routes/api/reset-password",
    "routes/api/direct-login", "routes/api/login-two-factor", "routes/api/me-two-factor-setup", "routes/api/me-two-factor-enable",
    "routes/api/me-two-factor-disable", "routes/api/votes", "routes/api/comments", "routes/api/comment", "routes/api/post-save",
    "routes/api/post-hide", "routes/api/notifications-read-all", "routes/api/notification-read", "routes/api/users.$id.follow",
    "routes/api/users.$id.block", "routes/api/me-mute", "routes/api/reports", "routes/api/not-found", "routes/not-found",
    "routes/syndication/following-token", "routes/thumbnails", "routes/post.$id.watch", "routes/comments.$id.watch",
    "routes/api/post-watch", "routes/api/comment-watch", "routes/email.unsubscribe",
  ]],
  ["one thing by its id or link, not a list (a muted post stays reachable by its link)", [
    "routes/api/post", "routes/api/post-saved", "api-vote-post", "api-vote-comment", "routes/api/users.$id", "routes/api/check-username",
    "routes/api/youtube-video", "routes/post.$id.preview", "post-history", "comment-history", "api-post-revisions", "api-comment-revisions",
  ]],
  ["the member's own account, sessions or settings (no posts or comments)", [
    "root", "routes/healthz", "routes/auth", "routes/auth.two-factor", "routes/reset-password", "routes/account.password",
    "routes/account.delete", "routes/account.two-factor", "routes/account.standing", "routes/profile/about", "routes/api/user",
    "routes/api/debug-session", "routes/api/me-blocks", "routes/api/me-verification", "routes/api/invites",
    "routes/api/notifications-unread-count", "routes/api/categories", "routes/account.email", "routes/api/me-email-preferences",
  ]],
  ["shows what is muted and hidden on purpose: the place to undo it", ["routes/mutes", "routes/api/me-mutes"]],
  ["the member's own data, all of it (their export)", ["routes/account.export", "routes/api/me-export"]],
  ["moderation: an admin's lists are not changed by their own mutes", [
    "routes/admin/layout", "routes/admin/dashboard", "routes/admin/users", "routes/admin/posts", "routes/admin/log", "routes/admin/reports",
    "routes/admin/report-resolve", "routes/admin/appeal-decide", "routes/admin/held-decide", "routes/admin/user-sweep", "routes/admin/user-suspend", "routes/admin/user-toggle-admin", "routes/admin/user-role",
    "routes/admin/user-delete", "routes/admin/post-delete", "routes/admin/demo-reset", "routes/api/admin-dashboard", "routes/api/admin-users",
    "routes/api/admin-user", "routes/api/admin-user-toggle-admin", "routes/api/admin-user-role", "routes/api/admin-posts", "routes/api/admin-post", "routes/api/admin-log",
    "routes/api/admin-reports", "routes/api/admin-report-resolve", "api-user-suspend", "api-user-suspension",
    "routes/admin/rules", "routes/api/admin-content-rules", "routes/api/admin-content-rule",
  ]],
  ["the public moderation log: a record of actions, not a list of posts or comments (it shows no text of theirs; a muted item's title may appear, as it does through its link)", [
    "routes/moderation", "routes/api/moderation", "routes/syndication/moderation",
  ]],
  ["public feeds and the sitemap: sessionless, the same bytes for everyone (a feed reader sends no cookie)", [
    "feed-new", "feed-hot", "routes/syndication/category", "routes/syndication/profile", "routes/syndication/comments",
    "routes/syndication/robots", "sitemap-index", "sitemap-file",
  ]],
];

// What must never show: the muted word (any case), the muted member's posts and comments, the
// muted category's posts, and on the lists of names (notices, top contributors) the muted member's
// name. Visitors mute the word and the category (a visitor cannot mute a member).
const WORD = /zorblax/i;
const MEMBER_TEXT = /quuxly/i;
const CATEGORY_TEXT = /flimbo/i;
const NAME_LISTS = new Set(["routes/notifications", "routes/api/notifications", "routes/api/top-contributors"]);
const escape = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
/** What list `id` must leave out for a member who muted them. */
const hiddenOf = (id: string, s: Site): RegExp[] => [WORD, MEMBER_TEXT, CATEGORY_TEXT, ...(NAME_LISTS.has(id) ? [escape(s.muted.username)] : [])];

let api: ApiClient;
let site: Site;
// A member with the same follows, saves and notices who muted nothing: every list URL walked must show
// them at least one of what it hides from `site.me`, or the walk could not have caught it there.
let control: Site;
const VISITOR_COOKIE = `chortle_mutes=${encodeURIComponent(JSON.stringify({ w: ["ZORBLAX"], c: ["cooking"] }))}`;

beforeAll(async () => {
  api = await startApiServer();
  const me = await api.user();
  const other = await api.user();
  const muted = await api.user();
  const author = await api.user();
  const visible = api.post(author.id, { title: "Plain walker post", category: "Comedy" });
  const wordPost = api.post(author.id, { title: "Zorblax walker post", category: "Comedy" });
  const categoryPost = api.post(author.id, { title: "Flimbo walker post", category: "Cooking" });
  const mutedPost = api.post(muted.id, { title: "Quuxly walker post", category: "Comedy" });
  const mine = api.post(me.id, { title: "My own walker post", category: "Comedy" });
  const theirs = api.post(other.id, { title: "The control's own walker post", category: "Comedy" });
  // Comments: one by the muted member, one with the muted word, and replies kept in place.
  const byMuted = createComment({ userId: muted.id, postId: visible.id, content: "Quuxly says hello" });
  createComment({ userId: author.id, postId: visible.id, content: "A reply that stays", parentId: byMuted.id });
  createComment({ userId: author.id, postId: visible.id, content: "A zorblax in a comment" });
  createComment({ userId: author.id, postId: mutedPost.id, content: "under a Quuxly post" });
  // The Following feed, upvoted and saved lists, notifications from the muted member: the same for both.
  for (const p of [visible.id, mutedPost.id, wordPost.id, categoryPost.id]) castVote({ userId: author.id, postId: p, isUpvote: true });
  for (const [viewer, own] of [[me, mine], [other, theirs]] as const) {
    createComment({ userId: muted.id, postId: own.id, content: "Quuxly on your post" });
    followUser({ followerId: viewer.id, followingId: muted.id });
    followUser({ followerId: viewer.id, followingId: author.id });
    castVote({ userId: muted.id, postId: own.id, isUpvote: true });
    for (const p of [mutedPost.id, wordPost.id, categoryPost.id, visible.id]) savePost({ userId: viewer.id, postId: p });
  }
  const mutes = [
    { kind: "word", value: "Zorblax" },
    { kind: "member", value: muted.username },
    { kind: "category", value: "cooking" },
  ];
  for (const json of mutes) expect((await api.fetch("/api/me/mutes", { method: "POST", user: me, json })).status).toBe(201);
  site = { me, muted, author, visible: visible.id, mutedPost: mutedPost.id, feedFile: `${getFeedToken({ userId: me.id })}.xml` };
  control = { ...site, me: other, feedFile: `${getFeedToken({ userId: other.id })}.xml` };
});
afterAll(() => api.stop());

describe("every list of the route map", () => {
  it("is either walked here or named with why it is not a list", () => {
    const named = new Set([...Object.keys(LISTS), ...NOT_LISTS.flatMap(([, ids]) => ids)]);
    const missing = flatten(routes).filter((r) => !named.has(r.id)).map((r) => `${r.id} (${r.pattern})`);
    expect(missing).toEqual([]);
    const known = new Set(["root", ...flatten(routes).map((r) => r.id)]);
    expect([...named].filter((id) => !known.has(id))).toEqual([]);
    expect(path.basename(import.meta.filename)).toBe("mutes-every-list.test.ts");
  });

  it("never shows a muted word, member or category to the member who muted them", async () => {
    let walked = 0;
    for (const [id, list] of Object.entries(LISTS)) {
      for (const url of list.member?.(site) ?? []) {
        const res = await api.fetch(url, { user: site.me });
        expect(res.status, `${id} ${url}`).toBe(200);
        const body = await res.text();
        for (const text of hiddenOf(id, site)) expect.soft(body, `${id} ${url} shows ${text}`).not.toMatch(text);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(30);
  });

  it("shows the control member, on every URL walked, something it hides from the member who muted (the walk would catch it)", async () => {
    const blind: string[] = [];
    for (const [id, list] of Object.entries(LISTS)) {
      for (const url of list.member?.(control) ?? []) {
        const res = await api.fetch(url, { user: control.me });
        expect(res.status, `${id} ${url}`).toBe(200);
        const body = await res.text();
        if (!hiddenOf(id, control).some((text) => text.test(body))) blind.push(`${id} ${url}`);
      }
    }
    expect(blind).toEqual([]);
  });

  it("never shows a visitor's muted word or category, kept in their cookie; shows one of them without it", async () => {
    const blind: string[] = [];
    for (const [id, list] of Object.entries(LISTS)) {
      for (const url of list.visitor?.(site) ?? []) {
        const res = await api.fetch(url, { headers: { Cookie: VISITOR_COOKIE } });
        expect(res.status, `${id} ${url}`).toBe(200);
        const body = await res.text();
        for (const text of [WORD, CATEGORY_TEXT]) expect.soft(body, `${id} ${url} shows ${text}`).not.toMatch(text);
        const plain = await (await api.fetch(url)).text();
        if (![WORD, CATEGORY_TEXT].some((text) => text.test(plain))) blind.push(`${id} ${url}`);
      }
    }
    expect(blind).toEqual([]);
  });
});
