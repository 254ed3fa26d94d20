// The JavaScript each page makes a browser download, gzipped, against its budget:
// 120.5 KB on the home page, 126.5 KB on any other (decisions 0133, 0176). Deterministic: it reads the production build's
// manifest in build/ (`npm test` builds before Vitest runs; run `npm run build` first when alone).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { budgetOf, kb, routeAssets, routeTable } from "../../bench/route-assets.ts";

const routes = routeAssets("build");
const code = (file: string) => fs.readFileSync(path.join("build/client", file), "utf8");

describe("JavaScript per page (gzipped)", () => {
  it("finds the pages in the build", () => {
    console.log(`${routeTable(routes)}\n`);
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(["/", "/post/:id", "/category/:name", "/profile/:id"]));
  });

  it.each(routes.map((r) => [r.url, r] as const))("%s stays within its budget", (_url, route) => {
    const limit = budgetOf(route);
    expect(route.jsGzip, `${route.url} loads ${kb(route.jsGzip)} of JS (limit ${kb(limit)}): ${route.jsFiles.join(", ")}`).toBeLessThanOrEqual(limit);
  });

  it("loads zod and Conform with no page: a form's schema comes when the form is first used", () => {
    for (const route of routes) {
      const carrying = route.jsFiles.filter((file) => /"\$ZodType"|"__intent__"/.test(code(file)));
      expect(carrying, route.url).toEqual([]);
    }
  });
});
