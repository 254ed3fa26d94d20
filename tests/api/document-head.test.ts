// What a document needs before its first paint: one stylesheet, a content-hashed file kept by the
// browser (no inline style), no modulepreload link, and React Router's module script held back until
// the browser has painted (app/pipeline/deferred-boot.server.ts), for a visitor and for a member alike.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await api?.stop();
});

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the document head", () => {
  it("links the one stylesheet, a file kept for a year, and defers the page's modules", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "A page to paint" });
    for (const [path, user] of [["/", null], [`/post/${post.id}`, null], [`/post/${post.id}`, author]] as const) {
      const res = await api.fetch(path, { user });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const csp = res.headers.get("content-security-policy") ?? "";

      const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((m) => m[1]);
      expect(sheets, path).toHaveLength(1);
      expect(sheets[0], path).toMatch(/^\/assets\/[\w.-]+\.css$/);
      expect(html, path).not.toContain("<style");
      expect(csp.match(/style-src[^;]*/)?.[0], path).toBe("style-src 'self'");
      expect(html, path).not.toMatch(/<link[^>]+rel="modulepreload"/);
      const sheet = await api.fetch(sheets[0]);
      expect(sheet.status, path).toBe(200);
      expect(sheet.headers.get("cache-control"), path).toBe("public, max-age=31536000, immutable");
      expect(await sheet.text(), path).toMatch(/\.rounded-xl\{/);

      // One inert module block naming the modules to preload; its text is allowed by hash, so the
      // module script the browser makes of it may run.
      const deferred = [...html.matchAll(/<script type="text\/x-deferred-module" data-preload="([^"]*)">([\s\S]*?)<\/script>/g)];
      expect(deferred, path).toHaveLength(1);
      expect(deferred[0][1].split(" ").every((href) => /^\/assets\/[\w.-]+\.js$/.test(href)), path).toBe(true);
      expect(deferred[0][2], path).toContain("import(");
      expect(csp, path).toContain(sha(deferred[0][2]));
      expect(html, path).not.toContain('<script type="module"');
      // The boot script that starts the block closes the head, and may run (by hash). Without it the
      // page's code would never start: this fails, not production, if React's output changes shape.
      const boot = html.match(/<script>(\(function\(\)\{[^<]*\}\)\(\))<\/script><\/head>/);
      expect(boot?.[1], path).toContain('script[type="text/x-deferred-module"]');
      expect(csp, path).toContain(sha(boot![1]));
    }
  });
});
