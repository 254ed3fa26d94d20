// A post's link-preview picture (docs/product.md §3, docs/decisions/0180–0181): GET /post/{id}/preview.png
// on the built server (status, type, true size, the file kept and served again, drawn again after an
// edit, 404 and its files gone after removal, what the page's meta says), and in process the cache's
// bounds (one draw per revision, concurrent requests share it) and the drawing itself at the longest
// allowed texts in four scripts (decoded: exactly 1200×630, nothing drawn past the card's margins).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getPreview, previewDir, previewFileName, type PreviewFacts } from "~/integrations/preview-cache.server.ts";
import { drawPreview, PREVIEW_COLOURS, PREVIEW_LAYOUT, PREVIEW_SIZE, type PreviewCard } from "~/integrations/preview-draw.server.ts";
import { POST_LIMITS } from "~/rules/post-rules.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { decodePng } from "../support/png-decode.ts";

let api: ApiClient;
let alice: ApiUser;

beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
});

afterAll(async () => {
  await api?.stop();
});

function metaContent(html: string, attr: "property" | "name", key: string): string | null {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`${attr}="${key}"`));
  return tag ? (/content="([^"]*)"/.exec(tag)?.[1] ?? "").replaceAll("&amp;", "&") : null;
}

/** The files kept for a post (its folder beside the database). */
const keptFiles = (postId: number) => {
  const dir = path.join(previewDir(), String(postId));
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** The post page's og:image, as a path on the server. */
async function offeredImage(postId: number): Promise<string> {
  const html = await (await api.fetch(`/post/${postId}`)).text();
  const image = metaContent(html, "property", "og:image")!;
  expect(image.startsWith(`${api.url}/post/${postId}/preview.png?v=`), image).toBe(true);
  return image.slice(api.url.length);
}

describe("GET /post/{id}/preview.png", () => {
  it("is the post's picture: a 1200×630 PNG the page's meta names with its size and alt text", async () => {
    const post = api.post(alice.id, { title: "A post with a picture", comment: "I came here for the elephants", commentAuthor: "@zoofan" });
    const html = await (await api.fetch(`/post/${post.id}`)).text();
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
    expect(metaContent(html, "property", "og:image:height")).toBe("630");
    expect(metaContent(html, "property", "og:image:alt")).toBe("“I came here for the elephants” — @zoofan, quoted in “A post with a picture”");
    expect(metaContent(html, "name", "twitter:image")).toBe(metaContent(html, "property", "og:image"));
    const res = await api.fetch(await offeredImage(post.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600, s-maxage=60");
    const picture = decodePng(Buffer.from(await res.arrayBuffer()));
    expect({ width: picture.width, height: picture.height }).toEqual({ width: 1200, height: 630 });
  });

  it("is kept: the second request is the kept file, not drawn again", async () => {
    const post = api.post(alice.id, { title: "A post asked for twice" });
    const first = Buffer.from(await (await api.fetch(`/post/${post.id}/preview.png`)).arrayBuffer());
    const [name] = keptFiles(post.id);
    const file = path.join(previewDir(), String(post.id), name);
    expect(fs.readFileSync(file).equals(first)).toBe(true);
    // A kept file that differs from what a draw would give shows which one the server sends.
    const marked = Buffer.concat([first, Buffer.from("kept")]);
    fs.writeFileSync(file, marked);
    const again = Buffer.from(await (await api.fetch(`/post/${post.id}/preview.png`)).arrayBuffer());
    expect(again.equals(marked)).toBe(true);
    expect(keptFiles(post.id)).toEqual([name]);
  });

  it("is drawn again after an edit of the title or the quoted author, the old file gone", async () => {
    const post = api.post(alice.id, { title: "A post before its edit", commentAuthor: "@before" });
    const before = await offeredImage(post.id);
    const old = Buffer.from(await (await api.fetch(before)).arrayBuffer());
    const [oldName] = keptFiles(post.id);
    const edit = await api.fetch(`/post/${post.id}/edit`, { method: "POST", user: alice, form: { title: "A post after its edit", category: "Music", commentAuthor: "@after" } });
    expect(edit.status).toBe(303);
    const after = await offeredImage(post.id);
    expect(after).not.toBe(before);
    const res = await api.fetch(after);
    expect(res.status).toBe(200);
    const redrawn = Buffer.from(await res.arrayBuffer());
    expect(redrawn.equals(old)).toBe(false);
    const files = keptFiles(post.id);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(oldName);
  });

  it("is 404 for a removed post, and its files go; 404 for a post that never was", async () => {
    const post = api.post(alice.id, { title: "A post to remove" });
    expect((await api.fetch(`/post/${post.id}/preview.png`)).status).toBe(200);
    expect(keptFiles(post.id)).toHaveLength(1);
    const removed = await api.fetch(`/post/${post.id}/delete`, { method: "POST", user: alice, form: {}, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect(removed.status).toBe(303);
    const res = await api.fetch(`/post/${post.id}/preview.png`);
    expect(res.status).toBe(404);
    expect(keptFiles(post.id)).toEqual([]);
    expect(fs.existsSync(path.join(previewDir(), String(post.id)))).toBe(false);
    expect((await api.fetch("/post/99999999/preview.png")).status).toBe(404);
    expect((await api.fetch("/post/abc/preview.png")).status).toBe(404);
  });
});

describe("the kept pictures (in process)", () => {
  const facts = (revision: number): PreviewFacts => ({ postId: 900_001, revision, comment: "A quote", commentAuthor: "@a", title: "A title", siteName: "Chortle" });

  it("draws once per revision: concurrent requests share the draw, later ones read the file, a new revision draws again and removes the old", async () => {
    let draws = 0;
    const counted = async (card: PreviewCard) => {
      draws++;
      return drawPreview(card);
    };
    const first = await Promise.all(Array.from({ length: 6 }, () => getPreview(facts(1), counted)));
    expect(draws).toBe(1);
    for (const png of first) expect(png!.equals(first[0]!)).toBe(true);
    expect((await getPreview(facts(1), counted))!.equals(first[0]!)).toBe(true);
    expect(draws).toBe(1);
    await getPreview(facts(2), counted);
    expect(draws).toBe(2);
    expect(keptFiles(900_001)).toEqual([path.basename(previewFileName(facts(2)))]);
  });

  it("draws at most 8 pictures at once in a process: the next one asked for gets none, and no draw", async () => {
    let draws = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = async (card: PreviewCard) => {
      draws++;
      await held;
      return drawPreview(card);
    };
    const asked = Array.from({ length: 8 }, (_, i) => getPreview({ ...facts(1), postId: 900_100 + i }, slow));
    // Each first looks for its kept file (asynchronously): the eight are drawing once each has looked.
    await vi.waitFor(() => expect(draws).toBe(8));
    expect(await getPreview({ ...facts(1), postId: 900_200 }, slow)).toBeNull();
    expect(draws).toBe(8);
    release();
    for (const png of await Promise.all(asked)) expect(png).not.toBeNull();
    expect(keptFiles(900_200)).toEqual([]);
  });
});

describe("the drawing at the longest allowed texts", () => {
  const fill = (unit: string, max: number) => [...unit.repeat(max)].slice(0, max).join("");
  const longest = (unit: string): PreviewCard => ({
    comment: fill(unit, POST_LIMITS.commentMax),
    commentAuthor: fill(unit, POST_LIMITS.authorMax),
    title: fill(unit, POST_LIMITS.titleMax),
    siteName: "Chortle",
  });
  const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const scripts: Record<string, PreviewCard> = {
    latin: longest("Words and a verylongwordwithoutanyspaceinsideitatall "),
    arabic: longest("هذا أطرف تعليق قرأته في حياتي "),
    cjk: longest("猫が箱に入った瞬間、私は笑いが止まらなかった。"),
    emoji: longest("😂🐘👨‍👩‍👧🇯🇵"),
  };

  for (const [script, card] of Object.entries(scripts)) {
    it(`${script}: exactly 1200×630, and the margins and the band stay their colours`, async () => {
      const picture = decodePng(await drawPreview(card));
      expect({ width: picture.width, height: picture.height }).toEqual(PREVIEW_SIZE);
      const { margin, band } = PREVIEW_LAYOUT;
      const bandTop = PREVIEW_SIZE.height - band;
      const off: string[] = [];
      const expectColour = (name: string, colour: string, xs: [number, number], ys: [number, number]) => {
        const want = hex(colour);
        for (let y = ys[0]; y < ys[1]; y++) {
          for (let x = xs[0]; x < xs[1]; x++) {
            const [r, g, b] = picture.pixel(x, y);
            if (Math.abs(r - want[0]) + Math.abs(g - want[1]) + Math.abs(b - want[2]) > 6) {
              off.push(`${name} at ${x},${y}: ${r},${g},${b}`);
              return;
            }
          }
        }
      };
      // The paper's margins: left (before the quote's bar), right, and the strip above the band.
      expectColour("left margin", PREVIEW_COLOURS.paper, [0, margin - 4], [0, bandTop]);
      expectColour("right margin", PREVIEW_COLOURS.paper, [PREVIEW_SIZE.width - margin + 4, PREVIEW_SIZE.width], [0, bandTop]);
      expectColour("above the title", PREVIEW_COLOURS.paper, [0, PREVIEW_SIZE.width], [0, margin - 24]);
      expectColour("above the band", PREVIEW_COLOURS.paper, [0, PREVIEW_SIZE.width], [bandTop - 8, bandTop]);
      // The band: its colour everywhere but the site's mark and name at its left.
      expectColour("band", PREVIEW_COLOURS.band, [520, PREVIEW_SIZE.width], [bandTop, PREVIEW_SIZE.height]);
      expectColour("band edges", PREVIEW_COLOURS.band, [0, PREVIEW_SIZE.width], [bandTop, bandTop + 12]);
      expect(off).toEqual([]);
    });
  }
});
