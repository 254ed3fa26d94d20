// Issue 46, the comment itself, over HTTP against the built server (YouTube is the local fake):
// a post keeps the picked comment as YouTube's (looked up by id, never from the client's numbers), on
// POST /api/posts and the dialog's form; a comment link (lc=) picks it; the search box; 'Already
// shared' and the 409 on every path, also for two workers at once; and one lookup budget for every
// path that reaches YouTube (issue 45, finding 2).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "#db/schema.ts";
import { FAKE_COMMENTS, FAKE_VIDEOS, FAKE_YOUTUBE_KEY, fakeComment, startYouTubeFake, TOP_COMMENT, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { openLanes, type Lanes } from "../support/worker-lanes.ts";

let fake: YouTubeFake;
let api: ApiClient;
let lanes: Lanes;

beforeAll(async () => {
  fake = await startYouTubeFake();
  // MEMO=off: every question reaches the fake, so its quota count says what each path spent.
  api = await startApiServer({
    WORKERS: "2",
    MEMO: "off",
    YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
    YOUTUBE_API_BASE_URL: fake.apiBaseUrl,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
  });
  lanes = await openLanes(api.url, { count: 4, workers: 2 });
});
afterAll(async () => {
  lanes?.close();
  await api?.stop();
  await fake?.stop();
});

const watch = (videoId: string, extra = "") => `https://www.youtube.com/watch?v=${videoId}${extra}`;
const postRow = (id: number) => api.db.select().from(posts).where(eq(posts.id, id)).get();
const countPosts = () => api.db.select({ id: posts.id }).from(posts).all().length;

/** Frees every quote between tests that are about something else than a second share. */
function freeQuote(commentId: string) {
  api.db.delete(posts).where(eq(posts.youtubeCommentId, commentId)).run();
}

function share(user: ApiUser, body: Record<string, unknown>) {
  return api.fetch("/api/posts", { method: "POST", user, json: { title: "From the comments", category: "Animals", ...body } });
}

/** The dialog's no-JS form: POST /share with an intent. */
function dialogForm(user: ApiUser, fields: Record<string, string>) {
  return api.fetch("/share", { method: "POST", user, form: { page: "/", title: "From the comments", cat: "Animals", ...fields } });
}

async function dialogPage(user: ApiUser, query: Record<string, string>) {
  const res = await api.fetch(`/?${new URLSearchParams({ share: "1", step: "2", title: "From the comments", ...query })}`, { user });
  expect(res.status).toBe(200);
  return res.text();
}

describe("POST /api/posts with youtubeCommentId", () => {
  it("keeps the comment as YouTube gives it, looked up by id, never the client's text or numbers", async () => {
    freeQuote(FAKE_COMMENTS.top);
    const user = await api.user();
    const before = fake.quotaUsed({ endpoint: "comments" });
    const res = await share(user, {
      videoId: FAKE_VIDEOS.funny,
      youtubeCommentId: FAKE_COMMENTS.top,
      comment: "Typed over by the client",
      commentAuthor: "@impostor",
      commentLikeCount: 999_999_999,
      likeCount: 999_999_999,
      commentPublishedAt: "1999-01-01T00:00:00Z",
    });
    expect(res.status).toBe(201);
    expect(fake.quotaUsed({ endpoint: "comments" }) - before).toBe(1);
    const post = await res.json();
    const yt = fakeComment(FAKE_COMMENTS.top)!;
    expect(post).toMatchObject({
      comment: TOP_COMMENT.textOriginal,
      commentAuthor: TOP_COMMENT.author,
      enteredByHand: false,
      commentGone: false,
      youtubeComment: {
        id: FAKE_COMMENTS.top,
        url: `${watch(FAKE_VIDEOS.funny)}&lc=${FAKE_COMMENTS.top}`,
        likeCount: yt.likeCount,
        publishedAt: new Date(yt.publishedAt).toISOString(),
        checkedAt: expect.stringMatching(/^\d{4}-/),
      },
    });
    const row = postRow(post.id)!;
    expect(row).toMatchObject({ youtubeCommentId: FAKE_COMMENTS.top, commentLikeCount: yt.likeCount, quoteKey: `c:${FAKE_COMMENTS.top}` });
    expect(row.youtubeCheckedAt).toBeInstanceOf(Date);
    // The same post by id and in a list.
    expect((await (await api.fetch(`/api/posts/${post.id}`)).json()).youtubeComment.id).toBe(FAKE_COMMENTS.top);
    const list = await (await api.fetch("/api/posts?sortBy=new&limit=5")).json();
    expect(list.find((p: { id: number }) => p.id === post.id).youtubeComment.likeCount).toBe(yt.likeCount);
  });

  it("takes a reply (an id with a dot), whose video its top-level comment names", async () => {
    freeQuote(FAKE_COMMENTS.reply);
    const user = await api.user();
    const res = await share(user, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: FAKE_COMMENTS.reply });
    expect(res.status).toBe(201);
    const post = await res.json();
    expect(post.comment).toBe(FAKE_COMMENTS.replyText);
    expect(post.commentAuthor).toBe(FAKE_COMMENTS.replyAuthor);
    expect(post.youtubeComment.url).toBe(`${watch(FAKE_VIDEOS.funny)}&lc=${FAKE_COMMENTS.reply}`);
    expect(post.youtubeComment.replyCount).toBe(0);
  });

  it("refuses a comment of another video, a malformed id and a gone comment, storing nothing", async () => {
    const user = await api.user();
    const posted = countPosts();
    const other = await share(user, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: FAKE_COMMENTS.short });
    expect(other.status).toBe(400);
    expect((await other.json()).message).toBe("That comment is not under this video. Nothing was posted.");

    const spent = fake.quotaUsed();
    for (const id of ["<script>alert(1)</script>", "a,b", "x".repeat(300), 42]) {
      const res = await share(user, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: id });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("That is not a YouTube comment id.");
    }
    // Refused before YouTube was asked.
    expect(fake.quotaUsed()).toBe(spent);

    fake.markGone({ commentId: FAKE_COMMENTS.withReplies });
    try {
      const gone = await share(user, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: FAKE_COMMENTS.withReplies });
      expect(gone.status).toBe(400);
      expect((await gone.json()).message).toBe("That comment is not on YouTube (it may have been deleted or held).");
    } finally {
      fake.restoreGone();
    }
    expect(countPosts()).toBe(posted);
  });
});

describe("a second share of the same quote", () => {
  it("is 409 with the existing post's id on the JSON API and on the form; a removed post frees the quote", async () => {
    freeQuote(FAKE_COMMENTS.withReplies);
    const [first, second] = [await api.user(), await api.user()];
    const created = await share(first, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: FAKE_COMMENTS.withReplies });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const spent = fake.quotaUsed();

    const again = await share(second, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: FAKE_COMMENTS.withReplies });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Already shared: this comment is on Chortle already.", existingPostId: id });

    const url = watch(FAKE_VIDEOS.funny);
    const form = await dialogForm(second, { intent: "create", url, pick: FAKE_COMMENTS.withReplies, step: "2" });
    expect(form.status).toBe(303);
    const location = form.headers.get("location")!;
    expect(location).toContain("err=shared");
    // Refused before YouTube was asked.
    expect(fake.quotaUsed()).toBe(spent);
    const page = await (await api.fetch(location, { user: second })).text();
    expect(page).toContain("Already shared");
    expect(page).toContain(`href="/post/${id}"`);
    expect(page).toContain(`action="/post/${id}/vote"`);

    // The upvote instead: the plain form posts the existing vote route.
    const upvote = await api.fetch(`/post/${id}/vote`, { method: "POST", user: second, form: { direction: "up", seen: "none" } });
    expect(upvote.status).toBe(303);
    expect(postRow(id)?.upvotes).toBe(1);

    // Removed: the quote may be shared again.
    const removed = await api.fetch(`/api/posts/${id}`, { method: "DELETE", user: first });
    expect(removed.status).toBeLessThan(300);
    expect((await share(second, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: FAKE_COMMENTS.withReplies })).status).toBe(201);
  });

  it("is 409 for a quote typed by hand again, whatever its case and spaces", async () => {
    const user = await api.user();
    const text = `A joke typed by hand ${Date.now()}`;
    const body = { videoId: FAKE_VIDEOS.short, commentAuthor: "@someone" };
    const created = await share(user, { ...body, comment: text });
    expect(created.status).toBe(201);
    const post = await created.json();
    expect(post).toMatchObject({ enteredByHand: true, youtubeComment: null });
    const again = await share(await api.user(), { ...body, comment: `  ${text.toUpperCase().replace(/ /g, "   ")}\n` });
    expect(again.status).toBe(409);
    expect((await again.json()).existingPostId).toBe(post.id);
  });

  it("makes one post when two members on two workers press at the same moment", async () => {
    for (let round = 0; round < 3; round++) {
      const text = `Pressed at once ${round} ${Date.now()}`;
      const users = [await api.user(), await api.user()];
      const answers = await Promise.all(
        users.map((user, i) =>
          api.fetch("/api/posts", {
            method: "POST",
            user,
            lane: lanes.for(i),
            json: { title: "Both at once", category: "Animals", videoId: FAKE_VIDEOS.short, comment: text, commentAuthor: "@x" },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
      const rows = api.db.select({ id: posts.id }).from(posts).where(eq(posts.comment, text)).all();
      expect(rows).toHaveLength(1);
      const conflict = answers.find((r) => r.status === 409)!;
      expect((await conflict.json()).existingPostId).toBe(rows[0].id);
    }
    expect(lanes.servedBy().size).toBe(2);
  });
});

describe("the dialog", () => {
  it("a comment link (lc=) goes to step 2 with that comment picked, a reply too, without JavaScript", async () => {
    freeQuote(FAKE_COMMENTS.reply);
    const user = await api.user();
    const url = watch(FAKE_VIDEOS.funny, `&lc=${FAKE_COMMENTS.reply}`);
    const next = await dialogForm(user, { intent: "next", url });
    expect(next.status).toBe(303);
    const location = next.headers.get("location")!;
    expect(new URL(location, api.url).searchParams.get("pick")).toBe(FAKE_COMMENTS.reply);
    expect(new URL(location, api.url).searchParams.get("step")).toBe("2");
    const spent = fake.quotaUsed({ endpoint: "comments" });
    const page = await (await api.fetch(location, { user })).text();
    expect(fake.quotaUsed({ endpoint: "comments" }) - spent).toBe(1);
    expect(page).toContain(`name="pick" checked="" value="${FAKE_COMMENTS.reply}"`);
    expect(page).toContain(`>${FAKE_COMMENTS.replyText}</textarea>`);
    expect(page).toContain(`value="${FAKE_COMMENTS.replyAuthor}"`);

    // youtu.be links carry lc= too; sharing it posts the reply by its id.
    const short = `https://youtu.be/${FAKE_VIDEOS.funny}?lc=${FAKE_COMMENTS.reply}`;
    const create = await dialogForm(user, { intent: "create", step: "2", url: short, pick: FAKE_COMMENTS.reply, text: "edited", author: "@me" });
    expect(create.status).toBe(303);
    expect(create.headers.get("location")).toMatch(/^\/post\/\d+$/);
    const id = Number(create.headers.get("location")!.split("/").pop());
    expect(postRow(id)).toMatchObject({ comment: FAKE_COMMENTS.replyText, commentAuthor: FAKE_COMMENTS.replyAuthor, youtubeCommentId: FAKE_COMMENTS.reply });
    const card = await (await api.fetch(`/post/${id}`)).text();
    expect(card).toContain(`href="https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&amp;lc=${FAKE_COMMENTS.reply}"`);
    expect(card).toContain(`${fakeComment(FAKE_COMMENTS.reply)!.likeCount} likes on YouTube`);
  });

  it("an lc= that is not a comment id (HTML) picks nothing and is never echoed unescaped", async () => {
    const user = await api.user();
    const url = watch(FAKE_VIDEOS.funny, `&lc=<img src=x onerror=alert(1)>`);
    const next = await dialogForm(user, { intent: "next", url });
    const location = next.headers.get("location")!;
    expect(new URL(location, api.url).searchParams.get("pick")).toBeNull();
    const page = await (await api.fetch(location, { user })).text();
    expect(page).not.toContain("<img src=x");
    const spent = fake.quotaUsed({ endpoint: "comments" });
    const picked = await dialogPage(user, { url, pick: "<b>x</b>" });
    expect(picked).not.toContain("<b>x</b>");
    expect(fake.quotaUsed({ endpoint: "comments" })).toBe(spent);
  });

  it("searches the video's comments with a plain GET (find=), sending searchTerms", async () => {
    const user = await api.user();
    const page = await dialogPage(user, { url: watch(FAKE_VIDEOS.funny), find: "crying" });
    expect(page).toContain('role="search"');
    expect(page).toContain('name="find"');
    expect(fake.requests.findLast((r) => r.startsWith("/youtube/v3/commentThreads"))).toContain("searchTerms=crying");
    const list = page.slice(page.indexOf('data-testid="share-comment-list"'), page.indexOf("</fieldset>"));
    expect(list).toContain("not crying, you");
    expect(list).not.toContain("Funny comment number 2:");
    const tooLong = await dialogPage(user, { url: watch(FAKE_VIDEOS.funny), find: "x".repeat(150) });
    expect(tooLong).toContain("Search words must be at most 100 characters.");
  });

  it("marks the listed comments already on the site and says so for the picked one", async () => {
    freeQuote(FAKE_COMMENTS.top);
    const user = await api.user();
    const created = await share(user, { videoId: FAKE_VIDEOS.funny, youtubeCommentId: FAKE_COMMENTS.top });
    const { id } = await created.json();
    const page = await dialogPage(await api.user(), { url: watch(FAKE_VIDEOS.funny), pick: FAKE_COMMENTS.top });
    expect(page).toContain("Already shared");
    expect(page).toContain(`href="/post/${id}"`);
    expect(page).toContain(`action="/post/${id}/vote"`);
    expect(page).toContain("Upvote it instead");
  });
});

describe("GET /api/youtube/video/{id}", () => {
  it("takes searchTerms (bounded by the shared rule) and a comment link's lc=", async () => {
    freeQuote(FAKE_COMMENTS.reply);
    const user = await api.user();
    const found = await (await api.fetch(`/api/youtube/video/${FAKE_VIDEOS.funny}?searchTerms=crying`, { user })).json();
    expect(found.comments.map((c: { text: string }) => c.text)).toEqual([TOP_COMMENT.textOriginal]);
    expect((await api.fetch(`/api/youtube/video/${FAKE_VIDEOS.funny}?searchTerms=${"x".repeat(101)}`, { user })).status).toBe(400);

    const link = encodeURIComponent(watch(FAKE_VIDEOS.funny, `&lc=${FAKE_COMMENTS.reply}`));
    const linked = await (await api.fetch(`/api/youtube/video/${link}`, { user })).json();
    expect(linked.pickedComment).toMatchObject({ id: FAKE_COMMENTS.reply, text: FAKE_COMMENTS.replyText, author: FAKE_COMMENTS.replyAuthor });
    expect((await api.fetch(`/api/youtube/video/${FAKE_VIDEOS.funny}?lc=${encodeURIComponent("<b>")}`, { user })).status).toBe(400);
  });
});

describe("one lookup budget for every path to YouTube (issue 45, finding 2)", () => {
  let limited: ApiClient;
  beforeAll(async () => {
    // RATE_LIMIT 1/60: six lookups a minute per member.
    limited = await startApiServer({
      RATE_LIMIT: "1/60",
      MEMO: "off",
      YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
      YOUTUBE_API_BASE_URL: fake.apiBaseUrl,
      YOUTUBE_OEMBED_URL: fake.oembedUrl,
    });
  });
  afterAll(() => limited?.stop());

  it("after the 429 on one path, the dialog's page, its Next and the JSON lookup are refused and YouTube is not asked", async () => {
    const user = await limited.user();
    const url = watch(FAKE_VIDEOS.short);
    // The budget, spent on the dialog's page (step 2: the video and its comments, one lookup each time).
    for (let i = 0; i < 6; i++) {
      const res = await limited.fetch(`/?${new URLSearchParams({ share: "1", step: "2", url, title: "Budget" })}`, { user });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Monday");
    }
    const spent = fake.quotaUsed();
    const json = await limited.fetch(`/api/youtube/video/${FAKE_VIDEOS.short}`, { user });
    expect(json.status).toBe(429);
    expect(json.headers.get("retry-after")).toMatch(/^\d+$/);
    const page = await (await limited.fetch(`/?${new URLSearchParams({ share: "1", step: "2", url, title: "Budget" })}`, { user })).text();
    expect(page).toMatch(/Too many attempts\. Please wait \d+ seconds?/);
    expect(page).not.toContain("Monday");
    const next = await limited.fetch("/share", { method: "POST", user, form: { intent: "next", page: "/", url, title: "Budget" } });
    expect(next.status).toBe(303);
    expect((await readToast(next))?.description).toMatch(/^Too many attempts\./);
    expect(fake.quotaUsed()).toBe(spent);
  });
});
