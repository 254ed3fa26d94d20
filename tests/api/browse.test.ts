// The read side over HTTP, against the built server on its own temp database: the JSON endpoints of
// docs/product.md §7 (with their 400s and 404s) and the status codes of the browse screens.
import crypto from "node:crypto";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "#db/client.server.ts";
import { recountAll } from "#db/recount.ts";
import { comments, posts, sessions, users, votes } from "#db/schema.ts";
import { sql } from "drizzle-orm";
import { startServer, type RunningServer } from "../support/server.ts";

const SECRET = crypto.randomBytes(24).toString("hex");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let server: RunningServer;
let db: Db;
const ids = { alice: 0, bob: 0, p1: 0, p2: 0, p3: 0, p4: 0, c1: 0, c2: 0 };
let aliceCookie = "";

function addUser(username: string) {
  return db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: "x" })
    .returning()
    .get().id;
}

function addPost(
  userId: number,
  title: string,
  category: string,
  ageMs: number,
  extra: Partial<typeof posts.$inferInsert> = {},
) {
  return db
    .insert(posts)
    .values({
      userId,
      title,
      category,
      comment: `${title}: the comment`,
      commentAuthor: "@quoted",
      videoId: "dQw4w9WgXcQ",
      videoTitle: "Some video",
      videoChannel: "Some channel",
      videoThumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      videoViewCount: 1_234_567,
      createdAt: new Date(Date.now() - ageMs),
      ...extra,
    })
    .returning()
    .get().id;
}

beforeAll(async () => {
  server = await startServer({ SESSION_SECRET: SECRET });
  db = openDatabase(server.databasePath);
  // Data first: the sidebar and category counts are kept for 30 s once asked for.
  ids.alice = addUser("alice");
  ids.bob = addUser("bob");
  const carol = addUser("carol");
  ids.p1 = addPost(ids.alice, "Walrus anthem", "Music", 2 * HOUR);
  ids.p2 = addPost(ids.bob, "Banjo walrus", "Comedy", 3 * DAY);
  ids.p3 = addPost(carol, "An old classic", "Music", 40 * DAY);
  ids.p4 = addPost(ids.bob, "Speedrun", "Gaming", HOUR);
  const voters = Array.from({ length: 6 }, (_, i) => addUser(`voter${i}`));
  const cast = (postId: number, up: number, down = 0) =>
    voters.slice(0, up + down).forEach((userId, i) =>
      db
        .insert(votes)
        .values({ userId, postId, isUpvote: i < up })
        .run(),
    );
  cast(ids.p1, 2);
  cast(ids.p2, 4, 1);
  cast(ids.p3, 6);
  db.insert(votes).values({ userId: ids.alice, postId: ids.p2, isUpvote: true }).run();
  ids.c1 = db.insert(comments).values({ postId: ids.p1, userId: ids.bob, content: "Top comment" }).returning().get().id;
  ids.c2 = db
    .insert(comments)
    .values({ postId: ids.p1, userId: ids.alice, parentId: ids.c1, content: "A reply" })
    .returning()
    .get().id;
  recountAll(db);
  db.run(sql`DELETE FROM users WHERE id = ${carol}`);
  // Alice signed in: a session row and its signed cookie, as the app makes them.
  const token = crypto.randomBytes(32).toString("base64url");
  db.insert(sessions)
    .values({
      id: crypto.createHash("sha256").update(token).digest("hex"),
      userId: ids.alice,
      expiresAt: new Date(Date.now() + DAY),
    })
    .run();
  aliceCookie = (await createCookie("chortle_session", { secrets: [SECRET] }).serialize(token)).split(";")[0];
});

afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

async function getJson(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, cache: res.headers.get("Cache-Control"), body: await res.json() };
}

const titlesOf = (list: { title: string }[]) => list.map((p) => p.title);

describe("GET /api/posts", () => {
  it("answers the hot feed with every docs/product.md §3 field, uncached", async () => {
    const { status, cache, body } = await getJson("/api/posts");
    expect(status).toBe(200);
    expect(cache).toBe("no-store");
    expect(body).toHaveLength(4);
    const p1 = body.find((p: { id: number }) => p.id === ids.p1);
    expect(p1).toMatchObject({
      id: ids.p1,
      userId: ids.alice,
      username: "alice",
      title: "Walrus anthem",
      content: "",
      category: "Music",
      comment: "Walrus anthem: the comment",
      commentAuthor: "@quoted",
      videoId: "dQw4w9WgXcQ",
      videoTitle: "Some video",
      videoChannel: "Some channel",
      videoThumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      videoViewCount: 1_234_567,
      videoPublishedAt: null,
      upvotes: 2,
      downvotes: 0,
      commentsCount: 2,
      author: { id: ids.alice, username: "alice", displayName: "alice" },
      myVote: null,
      isSaved: false,
    });
    expect(new Date(p1.createdAt).toISOString()).toBe(p1.createdAt);
  });

  it("sorts new and top, keeps a time range, a category and a text filter, and pages", async () => {
    expect(titlesOf((await getJson("/api/posts?sortBy=new")).body)).toEqual([
      "Speedrun",
      "Walrus anthem",
      "Banjo walrus",
      "An old classic",
    ]);
    expect(titlesOf((await getJson("/api/posts?sortBy=top")).body)).toEqual([
      "An old classic",
      "Banjo walrus",
      "Walrus anthem",
      "Speedrun",
    ]);
    expect(titlesOf((await getJson("/api/posts?sortBy=top&timeframe=week")).body)).toEqual([
      "Banjo walrus",
      "Walrus anthem",
      "Speedrun",
    ]);
    expect(titlesOf((await getJson("/api/posts?sortBy=new&timeframe=today")).body)).toEqual([
      "Speedrun",
      "Walrus anthem",
    ]);
    expect(titlesOf((await getJson("/api/posts?sortBy=new&category=music")).body)).toEqual([
      "Walrus anthem",
      "An old classic",
    ]);
    expect(titlesOf((await getJson("/api/posts?sortBy=new&q=WALRUS")).body)).toEqual(["Walrus anthem", "Banjo walrus"]);
    expect(titlesOf((await getJson("/api/posts?sortBy=new&limit=2&offset=1")).body)).toEqual([
      "Walrus anthem",
      "Banjo walrus",
    ]);
    expect((await getJson("/api/posts?sortBy=new&q=nothing+like+it")).body).toEqual([]);
  });

  it("shows 'Unknown' for a post whose author is gone", async () => {
    const old = (await getJson("/api/posts?sortBy=top&limit=1")).body[0];
    expect(old).toMatchObject({
      title: "An old classic",
      userId: null,
      username: "Unknown",
      author: { id: null, username: "Unknown" },
    });
  });

  it("carries the signed-in viewer's vote", async () => {
    const { body } = await getJson("/api/posts?sortBy=new", { Cookie: aliceCookie });
    expect(body.find((p: { id: number }) => p.id === ids.p2)).toMatchObject({ myVote: "up", isSaved: false });
    expect(body.find((p: { id: number }) => p.id === ids.p1)).toMatchObject({ myVote: null });
  });

  it.each([
    ["sortBy=best", "sortBy must be one of hot, new, top"],
    ["timeframe=decade", "timeframe must be one of all, today, week, month, year"],
    ["category=nope", "Unknown category 'nope'"],
    ["limit=0", "limit must be at least 1"],
    ["limit=101", "limit must be at most 100"],
    ["limit=ten", "limit must be a number"],
    ["limit=1.5", "limit must be a whole number"],
    ["offset=-1", "offset must be at least 0"],
    [`q=${"x".repeat(101)}`, "Search query must be at most 100 characters"],
  ])("answers 400 with a message for %s", async (query, message) => {
    const { status, body } = await getJson(`/api/posts?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ message });
  });
});

describe("GET /api/posts/{id} and /api/posts/{id}/comments", () => {
  it("answers one post, 404 'Post not found' for a missing one, 400 for a bad id", async () => {
    const one = await getJson(`/api/posts/${ids.p4}`);
    expect(one.status).toBe(200);
    expect(one.cache).toBe("no-store");
    expect(one.body).toMatchObject({ id: ids.p4, title: "Speedrun", username: "bob", author: { id: ids.bob } });
    expect(await getJson("/api/posts/999999")).toMatchObject({ status: 404, body: { message: "Post not found" } });
    expect(await getJson("/api/posts/abc")).toMatchObject({ status: 404, body: { message: "Post not found" } });
    expect(await getJson("/api/posts/0")).toMatchObject({ status: 404, body: { message: "Post not found" } });
  });

  it("answers the comments flat, oldest first, replies by parentId", async () => {
    const { status, body } = await getJson(`/api/posts/${ids.p1}/comments`);
    expect(status).toBe(200);
    expect(body).toMatchObject([
      { id: ids.c1, postId: ids.p1, userId: ids.bob, username: "bob", parentId: null, content: "Top comment" },
      { id: ids.c2, postId: ids.p1, userId: ids.alice, username: "alice", parentId: ids.c1, content: "A reply" },
    ]);
    expect((await getJson(`/api/posts/${ids.p2}/comments`)).body).toEqual([]);
    expect(await getJson("/api/posts/999999/comments")).toMatchObject({
      status: 404,
      body: { message: "Post not found" },
    });
    // One id parser for every route: a malformed id names no post.
    expect(await getJson("/api/posts/x1/comments")).toMatchObject({
      status: 404,
      body: { message: "Post not found" },
    });
  });
});

describe("GET /api/categories, /api/search, /api/users/top/contributors", () => {
  it("lists the 20 categories with their post counts", async () => {
    const { status, body } = await getJson("/api/categories");
    expect(status).toBe(200);
    expect(body).toHaveLength(20);
    expect(body.find((c: { name: string }) => c.name === "Music")).toEqual({
      name: "Music",
      slug: "music",
      postsCount: 2,
    });
    expect(body.find((c: { name: string }) => c.name === "Politics")).toEqual({
      name: "Politics",
      slug: "politics",
      postsCount: 0,
    });
  });

  it("searches posts and users", async () => {
    const walrus = await getJson("/api/search?q=walrus");
    expect(walrus.status).toBe(200);
    expect(titlesOf(walrus.body.posts).sort()).toEqual(["Banjo walrus", "Walrus anthem"]);
    expect(walrus.body.users).toEqual([]);
    const ali = await getJson("/api/search?q=ALI");
    expect(ali.body.users).toEqual([{ id: ids.alice, username: "alice", displayName: "alice", postsCount: 1 }]);
    // Search text is never query syntax.
    for (const q of ['"', "walrus OR", "NEAR(a b)", "*", "a:b", "%_"]) {
      expect((await getJson(`/api/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    expect(await getJson(`/api/search?q=${"y".repeat(101)}`)).toMatchObject({
      status: 400,
      body: { message: "Search query must be at most 100 characters" },
    });
  });

  it("ranks this week's contributors by upvotes on their posts", async () => {
    const { status, body } = await getJson("/api/users/top/contributors?limit=5");
    expect(status).toBe(200);
    // bob: 4 + alice's 1 on 'Banjo walrus'; alice: 2; carol's posts have no author any more.
    expect(body).toEqual([
      { id: ids.bob, username: "bob", upvotes: 5 },
      { id: ids.alice, username: "alice", upvotes: 2 },
    ]);
    expect((await getJson("/api/users/top/contributors")).body).toHaveLength(2);
    expect(await getJson("/api/users/top/contributors?limit=0")).toMatchObject({
      status: 400,
      body: { message: "limit must be at least 1" },
    });
    expect(await getJson("/api/users/top/contributors?limit=many")).toMatchObject({
      status: 400,
      body: { message: "limit must be a number" },
    });
  });
});

describe("the browse screens", () => {
  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    return { status: res.status, location: res.headers.get("Location"), html: await res.text() };
  };

  it("renders the post page with Open Graph and Twitter cards, 404 for a missing post", async () => {
    const { status, html } = await page(`/post/${ids.p1}`);
    expect(status).toBe(200);
    expect(html).toContain('<meta property="og:title" content="Walrus anthem"/>');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${server.url}/post/${ids.p1}/preview\\.png\\?v=\\d+"/>`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain("“Walrus anthem: the comment” — @quoted");
    const missing = await page("/post/999999");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Post Not Found");
    expect(missing.html).toContain("The post you&#x27;re looking for doesn&#x27;t exist or has been removed.");
    expect((await page("/post/not-a-number")).status).toBe(404);
  });

  it("redirects /posts/{id} permanently to /post/{id}", async () => {
    expect(await page(`/posts/${ids.p1}`)).toMatchObject({ status: 301, location: `/post/${ids.p1}` });
  });

  it("renders categories, 404 for an unknown one, and the empty state", async () => {
    const music = await page("/category/MUSIC");
    expect(music.status).toBe(200);
    expect(music.html).toContain("Music Comments");
    expect(music.html).toContain("Walrus anthem");
    expect((await page("/category/not-a-category")).status).toBe(404);
    const politics = await page("/category/politics");
    expect(politics.status).toBe(200);
    expect(politics.html).toContain("There are no posts in the Politics category yet.");
    expect((await page("/categories")).html).toContain("All Categories");
  });

  it("renders search and a home page that shrugs off bad parameters", async () => {
    const search = await page("/search?q=banjo");
    expect(search.status).toBe(200);
    expect(search.html).toContain("Banjo walrus");
    // docs/product.md §5's search sorts, newest first by default; the sort form keeps the query.
    const order = (html: string) => ["Walrus anthem", "Banjo walrus"].sort((a, b) => html.indexOf(`>${a}</a>`) - html.indexOf(`>${b}</a>`));
    expect(order((await page("/search?q=walrus")).html)).toEqual(["Walrus anthem", "Banjo walrus"]);
    const upvoted = await page("/search?q=walrus&sort=most_upvoted&tab=posts");
    expect(order(upvoted.html)).toEqual(["Banjo walrus", "Walrus anthem"]);
    expect(upvoted.html).toContain('<option value="most_upvoted" selected="">Most Upvoted</option>');
    expect(upvoted.html).toContain('<input type="hidden" name="q" value="walrus"/>');
    expect(upvoted.html).toContain('<input type="hidden" name="sort" value="most_upvoted"/>');
    // A tab carries only the list it shows, and every count.
    const usersTab = await page("/search?q=walrus&tab=users");
    expect(usersTab.html).not.toContain(">Walrus anthem</a>");
    expect(usersTab.html).toMatch(/Posts(<!-- -->)? <span[^>]*>2<\/span>/);
    expect(usersTab.html).toMatch(/Users(<!-- -->)? <span[^>]*>0<\/span>/);
    const today = await page("/search?q=walrus&t=today&sort=bogus");
    expect(today.status).toBe(200);
    expect(today.html).toContain("Walrus anthem");
    expect(today.html).not.toContain("Banjo walrus");
    const odd = await page("/?sort=bogus&t=forever&limit=-4");
    expect(odd.status).toBe(200);
    expect(odd.html).toContain("Walrus anthem");
  });

  it("sends a visitor from a member-only link to /auth with a toast, and only to this site", async () => {
    const res = await page(`/sign-in-required?redirectTo=${encodeURIComponent(`/post/${ids.p1}`)}`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/post/${ids.p1}`)}`);
    const offsite = await page("/sign-in-required?redirectTo=//evil.example");
    expect(offsite.location).toBe("/auth?redirectTo=%2F");
  });
});
