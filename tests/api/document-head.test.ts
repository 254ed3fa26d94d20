// What a document needs before its first paint: the stylesheet inline (allowed by its hash), no
// stylesheet or modulepreload link, and React Router's module script held back until the browser
// has painted (app/pipeline/deferred-boot.server.ts), for a visitor and for a member alike.
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
  it("carries the stylesheet inline, allowed by its hash, and defers the page's modules", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "A page to paint" });
    for (const [path, user] of [["/", null], [`/post/${post.id}`, null], [`/post/${post.id}`, author]] as const) {
      const res = await api.fetch(path, { user });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const csp = res.headers.get("content-security-policy") ?? "";

      const style = html.match(/<style id="document-css">([\s\S]*?)<\/style>/);
      expect(style?.[1], path).toMatch(/\.rounded-xl\{/);
      expect(csp.match(/style-src[^;]*/)?.[0], path).toBe(`style-src 'self' ${sha(style![1])}`);
      expect(html, path).not.toMatch(/<link[^>]+rel="(stylesheet|modulepreload)"/);

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
