// The site as a visitor, a member and an admin see it, for the tests that run the web's own tools over
// it (tests/api/web-tools.test.ts): one URL of every page kind in the route map, and the callers.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { comments, posts, users } from "#db/schema.ts";
import routes from "~/routes.ts";
import { DEMO_USERNAME } from "~/rules/account-rules.ts";
import { categorySlug } from "~/lib/category-list.ts";
import type { ApiClient, ApiUser } from "./api-client.ts";

type Route = { id: string; file: string; pattern: string };

function flatten(entries: RouteConfigEntry[], parent = ""): Route[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    return [{ id, file: entry.file, pattern: pattern || "/" }, ...flatten(entry.children ?? [], pattern === "/" ? "" : pattern)];
  });
}

/** The routes that render a page: modules with a component are .tsx, every other route is .ts. */
const PAGE_ROUTES: Route[] = flatten(routes).filter((r) => r.file.endsWith(".tsx"));

export type Site = {
  member: ApiUser;
  admin: ApiUser;
  post: number;
  comment: number;
  category: string;
};

/** A seeded member with posts (not the shared demo account), one of their posts with a comment, an admin. */
export async function seededSite(api: ApiClient): Promise<Site> {
  const author = api.db
    .select({ id: users.id, username: users.username, n: sql<number>`count(*)` })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(ne(users.username, DEMO_USERNAME))
    .groupBy(users.id)
    .orderBy(desc(sql`count(*)`))
    .get()!;
  const row = api.db
    .select({ post: posts.id, category: posts.category, comment: comments.id })
    .from(posts)
    .innerJoin(comments, eq(comments.postId, posts.id))
    .where(and(eq(posts.userId, author.id), isNotNull(comments.id)))
    .get()!;
  return {
    member: await api.signIn(author),
    admin: await api.user({ isAdmin: true }),
    post: row.post,
    comment: row.comment,
    category: categorySlug(row.category),
  };
}

/** Page modules whose GET never answers a page of their own, and why. */
const NOT_A_PAGE: Record<string, string> = {
  "routes/logout": "its GET goes home; the page is the POST's answer",
  "routes/auth.two-factor": "needs a password sign-in of an account with the second factor under way (tests/api/two-factor.test.ts)",
};

/** URLs of dialogs and forms that live in a page's URL state (the share and report dialogs …). */
export function stateUrls(site: Site): { id: string; url: string }[] {
  return [
    { id: "report dialog", url: `/post/${site.post}?report=post-${site.post}` },
    { id: "sign-up form", url: "/auth?signup=true" },
    { id: "forgotten password form", url: "/auth?forgot=1" },
  ];
}

/** One URL per page kind: the route's pattern with the site's params (a route without a row fails). */
export function pageUrls(site: Site): { id: string; url: string }[] {
  const params: Record<string, string> = {
    ":id": String(site.post),
    ":name": site.category,
  };
  const byId: Record<string, string> = {
    "routes/profile/profile": `/profile/${site.member.id}`,
    "routes/profile/posts": `/profile/${site.member.id}`,
    "routes/profile/comments": `/profile/${site.member.id}/comments`,
    "routes/profile/upvoted": `/profile/${site.member.id}/upvoted`,
    "routes/profile/saved": `/profile/${site.member.id}/saved`,
    "routes/profile/about": `/profile/${site.member.id}/about`,
    "comment-history": `/comments/${site.comment}/history`,
    "routes/search": "/search?q=the",
    "routes/not-found": "/no-such-page",
    // Without its token and e-mail the link goes straight on to /auth: a dead link's notice is the page.
    "routes/reset-password": "/reset-password?token=made-up&email=someone%40example.com",
    // The share page's GET opens its dialog over the home page (its URL state).
    "routes/share": "/?share=1",
  };
  const seen = new Set<string>();
  return PAGE_ROUTES.filter((r) => !NOT_A_PAGE[r.id]).flatMap((r) => {
    const url = byId[r.id] ?? r.pattern.replace(/:[a-z]+/gi, (p) => params[p] ?? p);
    if (url.includes(":") || seen.has(url)) return [];
    seen.add(url);
    return [{ id: r.id, url }];
  });
}

/** A Cookie header for a caller (or a visitor) and a theme ("system" sends none). */
export function cookieFor(user: ApiUser | null, theme: "light" | "dark" | "system"): string {
  return [user?.cookie, theme === "system" ? null : `chortle_theme=${theme}`].filter(Boolean).join("; ");
}
