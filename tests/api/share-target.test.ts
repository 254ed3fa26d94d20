// The phone's share sheet (docs/product.md §2): the web app manifest that makes the site installable
// with a share_target, and GET /share/target requested as Android sends it (title, text, url), for a
// member and a visitor, against the built server (YouTube is the local fake).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/models/user.server.ts";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import { MAX_REDIRECT_LENGTH } from "~/lib/redirect.ts";
import { POST_LIMITS } from "~/rules/post-rules.ts";
import { readShareState, SHARE_TEXTS } from "~/rules/share-dialog-state.ts";
import { SHARED_FIELD_MAX } from "~/rules/schemas/share-target-query.ts";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, FUNNY_VIDEO, startYouTubeFake, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
let fake: YouTubeFake;
let member: ApiUser;
beforeAll(async () => {
  fake = await startYouTubeFake();
  api = await startApiServer({ YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY, YOUTUBE_API_BASE_URL: fake.apiBaseUrl, YOUTUBE_OEMBED_URL: fake.oembedUrl });
  member = await api.user();
});
afterAll(async () => {
  await api?.stop();
  await fake?.stop();
});

const FUNNY = FAKE_VIDEOS.funny;
/** The target URL as Android's share sheet opens it (the manifest's params: title, text, url). */
const target = (shared: Record<string, string>) => `/share/target?${new URLSearchParams(shared)}`;

/** The dialog a Location opens, read back by the dialog's own reader. */
function dialogAt(location: string | null) {
  expect(location).toBeTruthy();
  const url = new URL(location!, "http://local.invalid");
  expect(url.pathname).toBe("/");
  expect(url.searchParams.get("share")).toBe("1");
  const { step, values } = readShareState(url.searchParams);
  return { step, url: values.url, title: values.title };
}

async function shareAsMember(shared: Record<string, string>) {
  const res = await api.fetch(target(shared), { user: member });
  expect(res.status).toBe(303);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return { location: res.headers.get("location")!, dialog: dialogAt(res.headers.get("location")) };
}

/** The page the dialog's URL shows the member: step 2 names its step and shows the video's title. */
async function openedAt(location: string, user: ApiUser = member) {
  const res = await api.fetch(location, { user });
  expect(res.status).toBe(200);
  return res.text();
}
const atStep2WithFunnyVideo = (html: string) => {
  expect(html).toContain('<h3 class="sr-only">Comment Details</h3>');
  expect(html).toContain(FUNNY_VIDEO.title);
};

describe("GET /share/target for a member, each shape of shared text", () => {
  it("a link only in url: step 2 with the link, the shared title as the post's", async () => {
    const { location, dialog } = await shareAsMember({ title: "Cucumber panic", url: `https://youtu.be/${FUNNY}` });
    expect(dialog).toEqual({ step: 2, url: `https://youtu.be/${FUNNY}`, title: "Cucumber panic" });
    atStep2WithFunnyVideo(await openedAt(location));
  });

  it("'Title https://youtu.be/ID' in text (Android's YouTube app): the link, and the words as the title", async () => {
    const { location, dialog } = await shareAsMember({ text: `Cats Reacting To Cucumbers https://youtu.be/${FUNNY}?si=AbCdEfGh12` });
    expect(dialog).toEqual({ step: 2, url: `https://youtu.be/${FUNNY}?si=AbCdEfGh12`, title: "Cats Reacting To Cucumbers" });
    atStep2WithFunnyVideo(await openedAt(location));
  });

  it("words around the link in text, with a subject as title", async () => {
    const { location, dialog } = await shareAsMember({
      title: "Look at this",
      text: `omg the comments under this one\nhttps://www.youtube.com/watch?v=${FUNNY}&t=42s, I can't breathe`,
    });
    expect(dialog).toEqual({ step: 2, url: `https://www.youtube.com/watch?v=${FUNNY}&t=42s`, title: "Look at this omg the comments under this one I can't breathe" });
    atStep2WithFunnyVideo(await openedAt(location));
  });

  it("a comment link with lc=: step 2 with the link whole, its lc= kept for the dialog", async () => {
    const link = `https://www.youtube.com/watch?v=${FUNNY}&lc=Ugx0000fakeCommentId`;
    const { location, dialog } = await shareAsMember({ title: "The top comment", text: link });
    expect(dialog).toEqual({ step: 2, url: link, title: "The top comment" });
    atStep2WithFunnyVideo(await openedAt(location));
  });

  it("a youtube.com/shorts link", async () => {
    const link = `https://youtube.com/shorts/${FAKE_VIDEOS.short}?si=xYz`;
    const { location, dialog } = await shareAsMember({ title: "A short one", text: link });
    expect(dialog).toEqual({ step: 2, url: link, title: "A short one" });
    const html = await openedAt(location);
    expect(html).toContain('<h3 class="sr-only">Comment Details</h3>');
    expect(html).toContain("A Short Clip");
  });

  it("another site's link: step 1 with that link and the words, so nothing is lost", async () => {
    const { location, dialog } = await shareAsMember({ title: "A cat", text: "so good https://vimeo.com/76979871" });
    expect(dialog).toEqual({ step: 1, url: "https://vimeo.com/76979871", title: "A cat so good" });
    const html = await openedAt(location);
    expect(html).toContain('<h3 class="sr-only">Video &amp; Title</h3>');
    expect(html).toContain('value="https://vimeo.com/76979871"');
  });

  it("nothing shared: the dialog at step 1, empty", async () => {
    const { location, dialog } = await shareAsMember({});
    expect(location).toBe("/?share=1&step=1");
    expect(dialog).toEqual({ step: 1, url: "", title: "" });
    expect(await openedAt(location)).toContain('<h3 class="sr-only">Video &amp; Title</h3>');
  });

  it("a very long text: read up to its bound, the title cut to a post title's length, the way there short", async () => {
    const words = "ha ".repeat(2000);
    const first = await shareAsMember({ text: `https://youtu.be/${FUNNY} ${words}` });
    expect(first.dialog.step).toBe(2);
    expect(first.dialog.url).toBe(`https://youtu.be/${FUNNY}`);
    expect(first.dialog.title.length).toBeLessThanOrEqual(POST_LIMITS.titleMax);
    expect(first.dialog.title.startsWith("ha ha ")).toBe(true);
    expect(first.location.length).toBeLessThanOrEqual(MAX_REDIRECT_LENGTH);
    atStep2WithFunnyVideo(await openedAt(first.location));
    // A link past the bound is not read: step 1 with the words.
    const late = await shareAsMember({ text: `${"x".repeat(SHARED_FIELD_MAX)} https://youtu.be/${FUNNY}` });
    expect(late.dialog).toMatchObject({ step: 1, url: "" });
  });

  it("HTML in the title arrives as text, escaped on the page", async () => {
    const title = `<img src=x onerror=alert(1)>Cats "&" <b>dogs</b>`;
    const { location, dialog } = await shareAsMember({ title, text: `https://youtu.be/${FUNNY}` });
    expect(dialog).toEqual({ step: 2, url: `https://youtu.be/${FUNNY}`, title });
    const html = await openedAt(location);
    atStep2WithFunnyVideo(html);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>dogs</b>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;Cats &quot;&amp;&quot; &lt;b&gt;dogs&lt;/b&gt;");
  });

  it("cleans shared text as every text field is: no NUL, control or bidi-override character goes on", async () => {
    const { dialog } = await shareAsMember({ text: `Cats\u0000 and\u0007 \u202Edogs https://youtu.be/${FUNNY}` });
    expect(dialog).toEqual({ step: 2, url: `https://youtu.be/${FUNNY}`, title: "Cats and dogs" });
  });
});

describe("GET /share/target for a visitor", () => {
  it("signs in and comes back to the dialog at step 2 with the link", async () => {
    const shared = { title: "Cucumber panic", text: `Cats https://youtu.be/${FUNNY}?si=Q1` };
    const res = await api.fetch(target(shared));
    expect(res.status).toBe(302);
    const auth = new URL(res.headers.get("location")!, api.url);
    expect(auth.pathname).toBe("/auth");
    const back = auth.searchParams.get("redirectTo")!;
    expect(dialogAt(back)).toEqual({ step: 2, url: `https://youtu.be/${FUNNY}?si=Q1`, title: "Cucumber panic Cats" });
    expect(await readToast(res)).toMatchObject({ title: SHARE_TEXTS.authTitle, description: SHARE_TEXTS.authDescription });

    // The sign-in form, without JavaScript, as the /auth page posts it.
    const password = "a-phone-password-1";
    const row = createUser({ username: `phone${Date.now() % 100000}`, email: `phone${Date.now()}@example.com`, passwordHash: hashPasswordSync(password) });
    const login = await fetch(`${api.url}/auth`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", username: row.username, password, redirectTo: back }),
      redirect: "manual",
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe(back);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))!.split(";")[0];
    atStep2WithFunnyVideo(await openedAt(back, { id: row.id, username: row.username, cookie }));
  });
});

describe("the web app manifest", () => {
  const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

  it("is linked from the document's head, with the theme colours of both themes", async () => {
    const html = await (await api.fetch("/")).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: light)" content="#e11d48"/>');
    expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0f172a"/>');
    // A theme chosen with the switch is the only one.
    const dark = await (await api.fetch("/", { headers: { Cookie: "chortle_theme=dark" } })).text();
    expect(dark.match(/<meta name="theme-color"[^>]*>/g)).toEqual(['<meta name="theme-color" content="#0f172a"/>']);
  });

  it("is served as application/manifest+json, kept an hour, with the share_target of this route and icons that are there", async () => {
    const res = await api.fetch("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      id: "/",
      name: "Chortle",
      short_name: "Chortle",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#e11d48",
      share_target: { action: "/share/target", method: "GET", params: { title: "title", text: "text", url: "url" } },
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
    for (const icon of [...icons, { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" }]) {
      const file = await api.fetch(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get("content-type"), icon.src).toBe(icon.type);
      const [w, h] = icon.sizes.split("x").map(Number);
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toEqual({ width: w, height: h });
    }
    // The target of the share sheet answers (a visitor is sent to sign in).
    expect((await api.fetch(manifest.share_target.action)).status).toBe(302);
  });

  it("is allowed by the document's policy (manifest-src, or default-src in its place)", async () => {
    const csp = (await api.fetch("/")).headers.get("content-security-policy") ?? "";
    const manifestSrc = /manifest-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1];
    expect(manifestSrc?.split(" ")).toContain("'self'");
  });
});
