// The JavaScript each page makes a browser download, gzipped, against its budget (issue 14):
// 120 KB on the home page, 125 KB on any other. Deterministic: it reads the production build's
// manifest in build/ (`npm test` builds before Vitest runs; run `npm run build` first when alone).
import { describe, expect, it } from "vitest";
import { budgetOf, kb, routeAssets, routeTable, type RouteAssets } from "../../bench/route-assets.ts";

/**
 * Pages known to be over their budget, each with the most it may weigh until it is fixed (so it
 * cannot grow unnoticed) and why. React and React Router alone are 108.6 KB of every page.
 * Remove an entry when its page fits: the test then holds it to the budget.
 */
const KNOWN_OVER: Record<string, { max: number; why: string }> = {
  "routes/home": { max: 131 * 1024, why: "the home route, its sidebar and the follow suggestions" },
  "routes/categories": { max: 128 * 1024, why: "post cards, the category list and its drawer" },
  "routes/category": { max: 128 * 1024, why: "post cards, the category list and its drawer" },
  "routes/post.$id": { max: 131 * 1024, why: "the comment thread is part of the page" },
  "routes/search": { max: 128 * 1024, why: "post cards and the search tabs" },
  "routes/admin/posts": { max: 127 * 1024, why: "the moderation list and its confirmations" },
  // Forms that validate in the browser with Conform and zod (about 37 KB of the page).
  "routes/auth": { max: 162 * 1024, why: "sign-in and register forms validate in the browser" },
  "routes/reset-password": { max: 160 * 1024, why: "the form validates in the browser" },
  "routes/account.password": { max: 160 * 1024, why: "the form validates in the browser" },
  "routes/account.delete": { max: 160 * 1024, why: "the password confirmation validates in the browser" },
  "routes/admin/users": { max: 167 * 1024, why: "the create-user form validates in the browser" },
  // The profile tabs: the follow list, badges, activity chart and tabs (the edit form loads when opened).
  "routes/profile/posts": { max: 135 * 1024, why: "post cards in the profile layout" },
  "routes/profile/about": { max: 130 * 1024, why: "the profile layout, and the owner's sessions and private-feed panels" },
  "routes/profile/comments": { max: 128 * 1024, why: "the profile layout" },
  "routes/profile/saved": { max: 132 * 1024, why: "post cards in the profile layout" },
  "routes/profile/upvoted": { max: 132 * 1024, why: "post cards in the profile layout" },
};

const routes = routeAssets("build");
const limitOf = (r: RouteAssets) => KNOWN_OVER[r.id]?.max ?? budgetOf(r);

describe("JavaScript per page (gzipped)", () => {
  it("finds the pages in the build", () => {
    console.log(`${routeTable(routes)}\n`);
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(["/", "/post/:id", "/category/:name", "/profile/:id"]));
  });

  it.each(routes.map((r) => [r.url, r] as const))("%s stays within its budget", (_url, route) => {
    const limit = limitOf(route);
    expect(route.jsGzip, `${route.url} loads ${kb(route.jsGzip)} of JS (limit ${kb(limit)}): ${route.jsFiles.join(", ")}`).toBeLessThanOrEqual(limit);
  });

  it("lists only pages that exist and are still over budget", () => {
    const byId = new Map(routes.map((r) => [r.id, r]));
    for (const [id, known] of Object.entries(KNOWN_OVER)) {
      const route = byId.get(id);
      expect(route, `${id} is no page of the build`).toBeDefined();
      expect(route!.jsGzip, `${id} fits its budget now: remove it from KNOWN_OVER (${known.why})`).toBeGreaterThan(budgetOf(route!));
    }
  });

  it("never loads zod or Conform on pages without a form that validates in the browser", () => {
    const validating = /^routes\/(auth|reset-password|account\.password|account\.delete|admin\/users)$/;
    for (const route of routes.filter((r) => !validating.test(r.id))) {
      expect(route.jsFiles.filter((f) => /\/(schemas|field|coerce)-/.test(f)), route.url).toEqual([]);
    }
  });
});
