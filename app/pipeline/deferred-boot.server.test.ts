import { describe, expect, it, vi } from "vitest";
import { deferModuleScript } from "./deferred-boot.server.ts";

// The shape React renders for react-router's <Scripts> (modulepreload links hoisted into the head).
const page = [
  '<html><head><meta charSet="utf-8"/><link rel="icon" href="/favicon.png" type="image/png"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/>',
  "<style>p{color:red}</style></head><body><p>Hi</p>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

describe("deferModuleScript", () => {
  it("turns the module script into an inert block that names the modules, and drops the preload links", () => {
    const html = deferModuleScript(page);
    expect(html).not.toContain("<link rel=\"modulepreload\"");
    expect(html).not.toContain("<script type=\"module\"");
    expect(html).toContain(
      '<script type="text/x-deferred-module" data-preload="/assets/entry.client-A.js /assets/root-B.js">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>',
    );
    // The boot script closes the head (it finds the block once the page is painted).
    expect(html).toMatch(/<style>p\{color:red\}<\/style><script>\(function\(\)\{[^<]*text\/x-deferred-module[^<]*\}\)\(\)<\/script><\/head>/);
    // Everything else is as rendered.
    expect(html).toContain('<link rel="icon" href="/favicon.png" type="image/png"/>');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html.replace(/<script type="text\/x-deferred-module"[^>]*>/, "").replace(/<script>\(function[^<]*<\/script>/, "")).toBe(
      page.replace(/<link rel="modulepreload"[^>]*>/g, "").replace('<script type="module" async="">', ""),
    );
  });

  it("leaves a document without a module script alone", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(deferModuleScript(plain)).toBe(plain);
    warn.mockRestore();
  });
});

describe("when React's output no longer has the shape looked for", () => {
  it("leaves the document as rendered and says so once, not on every page", async () => {
    vi.resetModules(); // a fresh module: it has warned of nothing yet
    const { deferModuleScript } = await import("./deferred-boot.server.ts");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const changed = page.replace('<script type="module" async="">', '<script type="module" async>');
      expect(deferModuleScript(changed)).toBe(changed);
      expect(deferModuleScript(changed)).toBe(changed);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain("not deferred");
    } finally {
      warn.mockRestore();
    }
  });

  it("says so when a modulepreload link is left in the body (only the head is scanned for them)", async () => {
    vi.resetModules();
    const { deferModuleScript } = await import("./deferred-boot.server.ts");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const stray = page.replace("<p>Hi</p>", '<p>Hi</p><link rel="modulepreload" href="/assets/late.js"/>');
      const html = deferModuleScript(stray);
      expect(html).toContain('data-preload="/assets/entry.client-A.js /assets/root-B.js"');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain("modulepreload links left");
    } finally {
      warn.mockRestore();
    }
  });
});
