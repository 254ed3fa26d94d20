// Every page says which caches its loader reads (its contract's `reads`, app/http/contract.server.ts),
// and this test holds it to that: each page loader of the route map runs in this process, for a
// visitor and for a member, while every computation of a declared cache is traced
// (models/cache-registry.server.ts `traceComputations`); a cache it computes that its contract does
// not name fails the test. (The session is the contract wrapper's own read, for every route.)
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { contractsOf } from "~/http/contract.server.ts";
import { startSession } from "~/http/cookies/session-cookie.server.ts";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { traceComputations, type CacheName } from "~/models/cache-registry.server.ts";
import { makePost, makeUser } from "../support/unit-factories.ts";

type Page = { id: string; file: string; pattern: string };
function pages(entries: RouteConfigEntry[], parent = ""): Page[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    return [{ id: entry.id ?? entry.file, file: entry.file, pattern }, ...pages(entry.children ?? [], pattern === "/" ? "" : pattern)];
  });
}

let member: { id: number };
let post: { id: number };
let cookie: string;

beforeAll(async () => {
  setMemoForTests(true);
  member = makeUser();
  post = makePost({ userId: member.id });
  cookie = (await startSession(new Request("http://localhost/"), member.id)).split(";")[0];
});
afterAll(() => {
  traceComputations(null);
  setMemoForTests(undefined);
});

describe("a page reads only the caches its contract names", () => {
  // With the memos on, a cache an earlier page warmed is a hit and computes nothing to trace; with them
  // off (MEMO=off) every read of every cache computes, so each page is seen reading all it reads.
  it.each([
    ["on", true],
    ["off", false],
  ])("for every page of the route map, as a visitor and as a member (memos %s)", async (_, memo) => {
    setMemoForTests(memo);
    const undeclared: string[] = [];
    let checked = 0;
    for (const route of [{ id: "root", file: "root.tsx", pattern: "/" }, ...pages(routes)]) {
      const mod = (await import(path.resolve("app", route.file))) as { loader?: (args: unknown) => unknown };
      const declared = contractsOf(mod.loader);
      if (!declared || declared.answer !== "page") continue;
      const reads = new Set<CacheName>(["session", ...(declared.methods.GET?.reads ?? [])]);
      const url = route.pattern.replace(/:(\w+)/g, (_, name: string) => (name === "name" ? "comedy" : String(name === "id" && route.pattern.startsWith("/profile") ? member.id : post.id)));
      for (const viewer of [null, cookie]) {
        const seen = new Set<CacheName>();
        traceComputations((name, compute) => {
          seen.add(name);
          return compute();
        });
        const request = new Request(`http://localhost${url}`, { headers: viewer ? { Cookie: viewer } : {} });
        try {
          await mod.loader!({ request, params: { id: String(route.pattern.startsWith("/profile") ? member.id : post.id), name: "comedy" }, context: {} });
        } catch {
          // A refusal (a visitor on a member's page, an admin page) is a thrown answer: what it read still counts.
        } finally {
          traceComputations(null);
        }
        for (const name of seen) if (!reads.has(name)) undeclared.push(`${route.file} (${viewer ? "member" : "visitor"}) reads ${name}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(undeclared).toEqual([]);
  });
});
