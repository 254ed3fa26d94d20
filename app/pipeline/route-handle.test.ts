// Which pages the answer memo may keep is said by each route (its `handle`, lib/route-handle.ts).
// This is the list those declarations add up to: a route that starts or stops declaring it shows here.
import { describe, expect, it } from "vitest";

const modules = import.meta.glob<{ handle?: { memo?: unknown } }>(["../root.tsx", "../routes/**/*.{ts,tsx}", "!../routes/**/*.test.ts"], {
  eager: true,
});

describe("the routes whose answers may be memoised", () => {
  it("are the root, the feed, a post, the category pages, search and the profile tabs", () => {
    const declared = Object.entries(modules)
      .filter(([, module]) => module.handle?.memo === true)
      .map(([file]) => file.replace(/^\.\.\//, "").replace(/\.tsx?$/, ""))
      .sort();
    expect(declared).toEqual(
      [
        "root",
        "routes/home",
        "routes/post.$id",
        "routes/category", // also "routes/categories", the same module
        "routes/search",
        "routes/profile/profile",
        "routes/profile/posts",
        "routes/profile/comments",
        "routes/profile/upvoted",
        "routes/profile/saved",
        "routes/profile/about",
      ].sort(),
    );
  });
});
