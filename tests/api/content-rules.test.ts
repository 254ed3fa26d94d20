// Rules that act first (docs/product.md §11 "Rules", decision 0240): an admin's rule of each kind
// (words, domains, a post's video channel, account age) with each action (hold, refuse, flag), on
// each path new text takes (a new post, comment and reply; a comment's edit and a post's new title),
// by the form without JavaScript and by the JSON API; each action is in the moderation log as the
// rule's. Folding evasions are caught; members cannot read or change the rules.
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, contentRules, heldItems, moderationLog, posts, reportCases } from "#db/schema.ts";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, startYouTubeFake, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { ApiClient, readToast, type ApiUser } from "../support/api-client.ts";
import { startServer } from "../support/server.ts";
import { createComment } from "~/models/comment.server.ts";

let fake: YouTubeFake;
let api: ApiClient;
let admin: ApiUser;
let author: ApiUser;
let other: ApiUser;

beforeAll(async () => {
  fake = await startYouTubeFake();
  const secret = crypto.randomBytes(24).toString("hex");
  const env = { SESSION_SECRET: secret, DATABASE_PATH: process.env.DATABASE_PATH!, YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY, YOUTUBE_API_BASE_URL: fake.apiBaseUrl, YOUTUBE_OEMBED_URL: fake.oembedUrl };
  api = new ApiClient(await startServer(env), secret);
  admin = await api.user({ isAdmin: true });
  other = await api.user();
  // An account of long standing: only the age rule finds it young (it is given a young one's date then).
  author = await api.user();
  api.db.run(`UPDATE users SET created_at = ${Date.now() - 400 * 86_400_000} WHERE id = ${author.id}`);
});
afterAll(async () => {
  await api?.stop();
  await fake?.stop();
});

const MESSAGE = "Links to that shop are not allowed here.";
type Kind = "words" | "domain" | "channel" | "account_age";
type Action = "hold" | "refuse" | "flag";

async function addRule(rule: Record<string, unknown>): Promise<number> {
  const res = await api.fetch("/api/admin/rules", { method: "POST", user: admin, json: rule });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
async function dropRule(id: number) {
  expect((await api.fetch(`/api/admin/rules/${id}`, { method: "DELETE", user: admin })).status).toBe(200);
}

const TERMS: Record<Exclude<Kind, "account_age">, string[]> = { words: ["pineapple pizza"], domain: ["buy-now.example"], channel: ["Short Channel"] };
/** A text that matches the kind's rule (any text does for account age; channels match the post's video). */
const MATCHING: Record<Kind, string> = {
  words: "I love PINEAPPLE Pizza so much",
  domain: "See https://www.buy-now.example/deal for more",
  channel: "Just a plain funny line",
  account_age: "Just a plain funny line",
};
const PLAIN = "Nothing to see in this one";

function ruleOf(kind: Kind, action: Action) {
  return kind === "account_age" ? { kind, days: 30, action, message: MESSAGE } : { kind, terms: TERMS[kind], action, message: MESSAGE };
}

/** The last log entry, when it is the rule's. */
function lastLog() {
  return api.db.select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(1).get()!;
}

/** What each path does: send the matching text; `made` is the item it made or edited (if any). */
type Path = {
  name: string;
  kinds: Kind[];
  send: (text: string) => Promise<{ res: Response; item: () => { kind: "post" | "comment"; id: number } | null }>;
  form: boolean;
};

const categoryPost = () => api.post(other.id, { videoId: FAKE_VIDEOS.funny, videoChannel: "Another Channel" });
const ownPost = () => api.post(author.id, { title: "A title of mine", videoId: FAKE_VIDEOS.short, videoChannel: "Short Channel" });
const newestPostOf = (userId: number) => api.db.select().from(posts).where(eq(posts.userId, userId)).orderBy(desc(posts.id)).limit(1).get();
const newestCommentOf = (userId: number, postId: number) =>
  api.db.select().from(comments).where(and(eq(comments.userId, userId), eq(comments.postId, postId))).orderBy(desc(comments.id)).limit(1).get();

function commentPath(name: string, form: boolean, reply: boolean): Path {
  return {
    name,
    form,
    kinds: ["words", "domain", "account_age"],
    send: async (text) => {
      const post = categoryPost();
      const parentId = reply ? newestCommentOf(other.id, post.id)?.id : undefined;
      let parent = parentId;
      if (reply && !parent) {
        parent = (await (await api.fetch("/api/comments", { method: "POST", user: other, json: { postId: post.id, content: "A first comment" } })).json()).id as number;
      }
      const res = form
        ? await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: author, form: { content: text, ...(parent ? { parentId: String(parent) } : {}) }, headers: { Referer: `${api.url}/post/${post.id}` } })
        : await api.fetch("/api/comments", { method: "POST", user: author, json: { postId: post.id, content: text, ...(parent ? { parentId: parent } : {}) } });
      return { res, item: () => { const c = newestCommentOf(author.id, post.id); return c ? { kind: "comment", id: c.id } : null; } };
    },
  };
}

function sharePath(form: boolean): Path {
  return {
    name: form ? "new post (form)" : "new post (JSON)",
    form,
    kinds: ["words", "domain", "channel", "account_age"],
    send: async (text) => {
      const before = newestPostOf(author.id)?.id ?? 0;
      const title = `Shared ${crypto.randomBytes(3).toString("hex")}`;
      const res = form
        ? await api.fetch("/share", { method: "POST", user: author, form: { intent: "create", page: "/", url: `https://youtu.be/${FAKE_VIDEOS.short}`, title, text, author: "@someone", cat: "Comedy" } })
        : await api.fetch("/api/posts", { method: "POST", user: author, json: { title, comment: text, commentAuthor: "@someone", category: "Comedy", videoId: FAKE_VIDEOS.short } });
      return { res, item: () => { const p = newestPostOf(author.id); return p && p.id > before ? { kind: "post", id: p.id } : null; } };
    },
  };
}

function commentEditPath(form: boolean): Path {
  return {
    name: form ? "comment edit (form)" : "comment edit (JSON)",
    form,
    kinds: ["words", "domain", "account_age"],
    send: async (text) => {
      const post = categoryPost();
      // Written through the model, past the rules (the age rule would act on it too).
      const made = createComment({ userId: author.id, postId: post.id, content: PLAIN, parentId: null });
      return { res: await editComment(made.id, text, form), item: () => ({ kind: "comment", id: made.id }) };
    },
  };
}

const editComment = (id: number, text: string, form: boolean) =>
  form
    ? api.fetch(`/comments/${id}/edit`, { method: "POST", user: author, form: { content: text }, headers: { Referer: `${api.url}/post/1` } })
    : api.fetch(`/api/comments/${id}`, { method: "PATCH", user: author, json: { content: text } });

function postEditPath(form: boolean): Path {
  return {
    name: form ? "post title edit (form)" : "post title edit (JSON)",
    form,
    kinds: ["words", "domain", "channel", "account_age"],
    send: async (text) => {
      const post = ownPost();
      const title = text.slice(0, 60);
      const res = form
        ? await api.fetch(`/post/${post.id}/edit`, { method: "POST", user: author, form: { title, category: post.category, commentAuthor: post.commentAuthor } })
        : await api.fetch(`/api/posts/${post.id}`, { method: "PATCH", user: author, json: { title } });
      return { res, item: () => ({ kind: "post", id: post.id }) };
    },
  };
}

const PATHS: Path[] = [
  sharePath(false),
  sharePath(true),
  commentPath("new comment (JSON)", false, false),
  commentPath("new comment (form)", true, false),
  commentPath("reply (JSON)", false, true),
  commentPath("reply (form)", true, true),
  commentEditPath(false),
  commentEditPath(true),
  postEditPath(false),
  postEditPath(true),
];

const isEdit = (path: Path) => path.name.includes("edit");

/** A refusal as its path tells it: JSON 400 {message}; a form's error toast, or its form again with the message. */
async function expectRefused(path: Path, res: Response) {
  if (!path.form) {
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGE);
    return;
  }
  if (res.status === 303) {
    const toast = await readToast(res);
    if (toast) {
      expect(toast).toMatchObject({ type: "error", description: MESSAGE });
      return;
    }
    // The share dialog: back to its page, which shows the message.
    const page = await api.fetch(res.headers.get("location")!, { user: author });
    expect(await page.text()).toContain(MESSAGE.replace(/'/g, "&#x27;"));
    return;
  }
  expect(res.status).toBe(400);
  expect(await res.text()).toContain(MESSAGE);
}

async function expectHeld(path: Path, res: Response) {
  if (path.form) {
    expect(res.status).toBe(303);
    expect((await readToast(res))?.title).toBe("Waiting for review");
  } else {
    expect(res.status).toBe(202);
    expect(((await res.json()) as { pending: boolean }).pending).toBe(true);
  }
}

async function expectPublished(path: Path, res: Response) {
  if (path.form) {
    expect(res.status).toBe(303);
    expect((await readToast(res))?.type).toBe("success");
  } else expect(res.status).toBeLessThan(300);
}

describe("each kind of rule × each action, on every path of new text (form and JSON)", () => {
  for (const kind of ["words", "domain", "channel", "account_age"] as Kind[]) {
    for (const action of ["hold", "refuse", "flag"] as Action[]) {
      it(`${kind} → ${action}`, async () => {
        const ruleId = await addRule(ruleOf(kind, action));
        if (kind === "account_age") api.db.run(`UPDATE users SET created_at = ${Date.now() - 86_400_000} WHERE id = ${author.id}`);
        try {
          for (const path of PATHS.filter((p) => p.kinds.includes(kind))) {
            const logBefore = lastLog()?.id ?? 0;
            const heldBefore = api.db.select({ id: heldItems.id }).from(heldItems).orderBy(desc(heldItems.id)).limit(1).get()?.id ?? 0;
            // Each text its own (one live post per video and quote).
            const { res, item } = await path.send(`${MATCHING[kind]} ${crypto.randomBytes(3).toString("hex")}`);
            const entry = lastLog();
            const label = `${kind} ${action} ${path.name}`;
            expect(entry.id, label).toBeGreaterThan(logBefore);
            expect(entry, label).toMatchObject({ ruleId, adminId: null, adminName: "", actorRole: "rule", kind: "rule", action: `rule_${action}`, reason: MESSAGE });
            if (action === "refuse") {
              await expectRefused(path, res);
              // Nothing made; an edit left as it was.
              if (!isEdit(path)) expect(item(), label).toBeNull();
              else if (item()!.kind === "comment") expect(api.db.select().from(comments).where(eq(comments.id, item()!.id)).get()!.content, label).toBe(PLAIN);
              else expect(api.db.select().from(posts).where(eq(posts.id, item()!.id)).get()!.title, label).toBe("A title of mine");
              expect(entry.targetId, label).toBe(isEdit(path) ? item()!.id : 0);
            } else if (action === "hold") {
              await expectHeld(path, res);
              const held = api.db.select().from(heldItems).orderBy(desc(heldItems.id)).limit(1).get()!;
              expect(held.id, label).toBeGreaterThan(heldBefore);
              expect(held, label).toMatchObject({ userId: author.id, reason: "rule", ruleId });
              // Off the site: a new item never made, an edited one taken off.
              if (isEdit(path)) {
                const { kind: k, id } = item()!;
                const row = k === "post" ? api.db.select().from(posts).where(eq(posts.id, id)).get() : api.db.select().from(comments).where(eq(comments.id, id)).get();
                expect(row && (k === "post" || !("deletedAt" in row) || row.deletedAt === null), label).toBeFalsy();
              } else expect(item(), label).toBeNull();
            } else {
              await expectPublished(path, res);
              const made = item()!;
              expect(made, label).not.toBeNull();
              const kase = api.db.select().from(reportCases).where(and(eq(reportCases.targetType, made.kind), eq(reportCases.targetId, made.id), eq(reportCases.status, "open"))).get();
              expect(kase, label).toMatchObject({ ruleId, reportCount: 0, authorId: author.id });
              expect(entry, label).toMatchObject({ targetKind: made.kind, targetId: made.id });
            }
          }
        } finally {
          api.db.run(`UPDATE users SET created_at = ${Date.now() - 400 * 86_400_000} WHERE id = ${author.id}`);
          await dropRule(ruleId);
        }
      });
    }
  }

  it("text that matches no rule goes straight to the site, and a channel rule does not look at comments", async () => {
    const ruleIds = [await addRule(ruleOf("words", "refuse")), await addRule(ruleOf("channel", "refuse"))];
    try {
      for (const path of PATHS) {
        const { res } = await path.send(`${PLAIN}: pineapple, then pizza ${crypto.randomBytes(3).toString("hex")}`);
        // The post paths share a video of the refused channel; comments are not a video's.
        if (path.kinds.includes("channel")) await expectRefused(path, res);
        else await expectPublished(path, res);
      }
    } finally {
      for (const id of ruleIds) await dropRule(id);
    }
  });
});

describe("folding: the fold of mutes (db/words.ts)", () => {
  it("finds full-width letters, a zero-width space inside a word, accents and case, as whole words", async () => {
    const ruleId = await addRule({ kind: "words", terms: ["pineapple"], action: "refuse", message: MESSAGE });
    try {
      for (const text of ["I love ｐｉｎｅａｐｐｌｅ", "pine\u200Bapple for me", "PÏNEAPPLE!", "𝐩𝐢𝐧𝐞𝐚𝐩𝐩𝐥𝐞 yes", "pine\u00ADapple"]) {
        const res = await api.fetch("/api/comments", { method: "POST", user: author, json: { postId: categoryPost().id, content: text } });
        expect(res.status, text).toBe(400);
      }
      // Whole words only: "pineapples" is no "pineapple".
      expect((await api.fetch("/api/comments", { method: "POST", user: author, json: { postId: categoryPost().id, content: "pineapples are fine" } })).status).toBe(201);
      // A domain written in full-width letters is the domain.
      const domain = await addRule({ kind: "domain", terms: ["buy-now.example"], action: "refuse", message: MESSAGE });
      expect((await api.fetch("/api/comments", { method: "POST", user: author, json: { postId: categoryPost().id, content: "go to ｂｕｙ－ｎｏｗ．ｅｘａｍｐｌｅ now" } })).status).toBe(400);
      await dropRule(domain);
    } finally {
      await dropRule(ruleId);
    }
  });

  it("a rule turned off does nothing; an admin's own text passes every rule", async () => {
    const ruleId = await addRule({ kind: "words", terms: ["pineapple"], action: "refuse", message: MESSAGE });
    try {
      expect((await api.fetch("/api/comments", { method: "POST", user: admin, json: { postId: categoryPost().id, content: "pineapple" } })).status).toBe(201);
      expect((await api.fetch(`/api/admin/rules/${ruleId}`, { method: "PATCH", user: admin, json: { enabled: false } })).status).toBe(200);
      expect((await api.fetch("/api/comments", { method: "POST", user: author, json: { postId: categoryPost().id, content: "pineapple" } })).status).toBe(201);
    } finally {
      await dropRule(ruleId);
    }
  });
});

describe("who may read and change the rules", () => {
  it("members and visitors cannot read, write, edit or delete rules (JSON and the page's form)", async () => {
    const ruleId = await addRule({ kind: "words", terms: ["kept"], action: "flag" });
    try {
      for (const user of [author, null]) {
        const want = user ? 403 : 401;
        expect((await api.fetch("/api/admin/rules", { user })).status).toBe(want);
        expect((await api.fetch("/api/admin/rules", { method: "POST", user, json: ruleOf("words", "hold") })).status).toBe(want);
        expect((await api.fetch(`/api/admin/rules/${ruleId}`, { method: "PATCH", user, json: { enabled: false } })).status).toBe(want);
        expect((await api.fetch(`/api/admin/rules/${ruleId}`, { method: "DELETE", user })).status).toBe(want);
        const page = await api.fetch("/admin/rules", { user });
        if (user) expect(page.status).toBe(403);
        else expect(page.headers.get("location")).toMatch(/^\/auth/);
        const form = await api.fetch("/admin/rules", { method: "POST", user, form: { intent: "delete", id: String(ruleId) } });
        expect([303, 403]).toContain(form.status);
        if (form.status === 303) expect(form.headers.get("location")).toMatch(/^\/auth/);
      }
      expect(api.db.select().from(contentRules).where(eq(contentRules.id, ruleId)).get()).toMatchObject({ enabled: true, terms: "kept" });
    } finally {
      await dropRule(ruleId);
    }
  });
});

describe("the settings page without JavaScript", () => {
  it("adds, edits, turns off and deletes a rule: POST → 303 → toast; a bad rule re-renders with its message", async () => {
    const add = await api.fetch("/admin/rules", { method: "POST", user: admin, form: { intent: "create", kind: "words", terms: "spam words\nmore spam", outcome: "hold", message: "", enabled: "on" } });
    expect(add.status).toBe(303);
    expect((await readToast(add))?.title).toBe("Rule added");
    const rule = api.db.select().from(contentRules).orderBy(desc(contentRules.id)).limit(1).get()!;
    expect(rule).toMatchObject({ kind: "words", terms: "spam words\nmore spam", action: "hold", enabled: true });

    const page = await (await api.fetch(`/admin/rules?edit=${rule.id}`, { user: admin })).text();
    expect(page).toContain(`Edit rule #${rule.id}`);
    const edit = await api.fetch("/admin/rules", { method: "POST", user: admin, form: { intent: "update", id: String(rule.id), kind: "words", terms: "spam words", outcome: "refuse", message: MESSAGE, enabled: "on" } });
    expect((await readToast(edit))?.title).toBe("Rule saved");
    const off = await api.fetch("/admin/rules", { method: "POST", user: admin, form: { intent: "disable", id: String(rule.id) } });
    expect((await readToast(off))?.title).toBe("Rule turned off");
    expect(api.db.select().from(contentRules).where(eq(contentRules.id, rule.id)).get()).toMatchObject({ terms: "spam words", action: "refuse", message: MESSAGE, enabled: false });

    const bad = await api.fetch("/admin/rules", { method: "POST", user: admin, form: { intent: "create", kind: "words", terms: "x", outcome: "refuse", message: "" } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("A refusing rule needs the message its author reads");

    const del = await api.fetch("/admin/rules", { method: "POST", user: admin, form: { intent: "delete", id: String(rule.id) } });
    expect((await readToast(del))?.title).toBe("Rule deleted");
    expect(api.db.select().from(contentRules).where(eq(contentRules.id, rule.id)).get()).toBeUndefined();
  });

  it("the JSON API says what is wrong with a rule (400) and past the maximum (409)", async () => {
    const bad = async (json: unknown, message: string) => {
      const res = await api.fetch("/api/admin/rules", { method: "POST", user: admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    };
    await bad({ kind: "words", terms: [], action: "hold" }, "Give at least one word, domain or channel, one a line");
    await bad({ kind: "words", terms: ["a b c d e f g"], action: "hold" }, "A term can be at most 60 characters and 6 words");
    await bad({ kind: "words", terms: ["!!!"], action: "hold" }, "A term needs letters or digits");
    await bad({ kind: "domain", terms: ["not a domain"], action: "hold" }, "Give domains like example.com, one a line");
    await bad({ kind: "account_age", action: "hold" }, "Give a number of days from 1 to 365");
    await bad({ kind: "words", terms: Array.from({ length: 21 }, (_, i) => `t${i}`), action: "hold" }, "A rule can hold at most 20 terms");
    const made: number[] = [];
    const n = api.db.select({ id: contentRules.id }).from(contentRules).all().length;
    for (let i = n; i < 50; i++) made.push(await addRule({ kind: "words", terms: [`filler${i}`], action: "flag", enabled: false }));
    const over = await api.fetch("/api/admin/rules", { method: "POST", user: admin, json: { kind: "words", terms: ["one more"], action: "flag" } });
    expect(over.status).toBe(409);
    for (const id of made) await dropRule(id);
  });
});
