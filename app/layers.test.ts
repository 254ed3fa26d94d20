// The folder map and import table of docs/architecture.md, checked: which folder may import which
// (type-only and dynamic imports count), no import cycle in app/, db/ and server/ (type-only imports
// count too), the page pipeline reached only from the entry, route modules apart from their helpers,
// and no two files with one name where a reader, or a tool that maps imports by file name, would take
// one for the other.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname);
const repo = path.resolve(root, "..");
const rel = (file: string) => path.relative(root, file);

function files(dir: string, { tests = false, js = false } = {}): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") || entry.name === "migrations" ? [] : files(full, { tests, js });
    const code = js ? /\.(ts|tsx|js)$/ : /\.(ts|tsx)$/;
    return code.test(entry.name) && !entry.name.endsWith(".d.ts") && (tests || !/\.test\.tsx?$/.test(entry.name)) ? [full] : [];
  });
}

type Import = { spec: string; typeOnly: boolean; dynamic: boolean };

/** Every import of a file: value, type-only (`import type`, `import { type X }`, `export type … from`) and dynamic (`import("…")`). */
function imports(file: string): Import[] {
  // Comment lines go first: a comment may quote an import.
  const source = fs.readFileSync(file, "utf8").replace(/^\s*(\/\/|\/?\*).*$/gm, "");
  const found: Import[] = [];
  for (const m of source.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gms)) {
    const names = /^\{([^}]*)\}$/.exec(m[3].trim())?.[1].split(",").map((n) => n.trim()).filter(Boolean);
    const typeOnly = Boolean(m[2]) || (names !== undefined && names.length > 0 && names.every((n) => n.startsWith("type ")));
    found.push({ spec: m[4], typeOnly, dynamic: false });
  }
  for (const m of source.matchAll(/^import\s*["']([^"']+)["']/gm)) found.push({ spec: m[1], typeOnly: false, dynamic: false });
  for (const m of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push({ spec: m[1], typeOnly: false, dynamic: true });
  return found;
}

/** The file a specifier names, or null for a package. */
function target(spec: string, from: string): string | null {
  if (spec.startsWith("#db/")) return path.join(repo, "db", spec.slice(4));
  if (spec.startsWith("~/")) return path.join(root, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(from), spec.split("?")[0]);
  return null;
}

function layerOf(spec: string, from: string): string {
  if (spec === "react" || spec.startsWith("react-dom") || spec.startsWith("react-router") || spec.startsWith("@react-router")) return "react";
  const file = target(spec, from);
  if (!file) return "package";
  if (!file.startsWith(root + path.sep)) return path.relative(repo, file).split(path.sep)[0];
  return rel(file).split(path.sep)[0].replace(/\.tsx?$/, "");
}

// The table. Each folder lists what it must never import; "server" marks browser code. A type-only
// import counts like any other, but for one kind: the row and column types of db/ (`UserRow`,
// `NotificationType` …), which every layer may name (erased, so no db code reaches a bundle).
const rules: Record<string, { forbidden: string[]; server?: boolean }> = {
  // Screens, form actions, JSON endpoints, and the helpers of those beside them (`*.server.ts`).
  routes: { forbidden: ["db", "pipeline"] },
  // The contract and who acts; cookies/ (every cookie), answers/ (the renderers of a result or a Problem).
  http: { forbidden: ["db", "routes", "components", "pipeline"] },
  // How a GET is answered and kept: only the entry and the server reach it.
  pipeline: { forbidden: ["routes", "components", "http", "integrations"] },
  // Every read and write, who may act, the use cases of each entity.
  models: { forbidden: ["react", "routes", "components", "http", "pipeline"] },
  // The outside world: env, mail, password hashing, YouTube, thumbnails, rate limits.
  integrations: { forbidden: ["db", "react", "routes", "components", "http", "pipeline", "models"] },
  components: { forbidden: ["db", "routes", "models", "http", "pipeline", "integrations"], server: true },
  // The shared rules: limits and texts (`*-rules.ts`), interactions/, the zod schemas/.
  rules: { forbidden: ["db", "routes", "models", "http", "pipeline", "integrations", "components"], server: true },
  // Small utilities and shared view types: formatters, dates, text, ids, Problem.
  lib: { forbidden: ["db", "routes", "models", "http", "pipeline", "integrations", "components", "rules"], server: true },
};

/** The route modules: the files app/routes.ts names (and app/root.tsx). */
const routeModules = new Set([
  path.join(root, "root.tsx"),
  ...[...fs.readFileSync(path.join(root, "routes.ts"), "utf8").matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((m) => path.join(root, m[1])),
]);

/** Folders of app/ (two levels down) and those the folder map of docs/architecture.md names. */
const folders = (dir: string, depth: number): string[] =>
  fs.readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("+"))
    .flatMap((e) => [`${path.relative(repo, path.join(dir, e.name))}/`, ...(depth > 1 ? folders(path.join(dir, e.name), depth - 1) : [])]);
const mapped = () => {
  const doc = fs.readFileSync(path.join(repo, "docs", "architecture.md"), "utf8");
  const map = /## Layers[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? "";
  return [...map.matchAll(/^\s*(app\/[\w/-]+\/)/gm)].map((m) => m[1]);
};

/** The cycles of a graph, each as the files around it. */
function cycles(graph: Map<string, string[]>, name = (f: string) => f): string[] {
  const state = new Map<string, "open" | "done">();
  const found: string[] = [];
  const visit = (node: string, trail: string[]) => {
    if (state.get(node) === "done") return;
    if (state.get(node) === "open") return void found.push([...trail.slice(trail.indexOf(node)), node].map(name).join(" → "));
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    state.set(node, "done");
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

/** The import graph of app/, db/ and server/: every import, type-only and dynamic ones too. */
function importGraph(key = (file: string) => file): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const all = [...files(root), ...files(path.join(repo, "db")), ...files(path.join(repo, "server"), { js: true })];
  for (const file of all) {
    const deps = imports(file)
      .map(({ spec }) => target(spec, file))
      .filter((t): t is string => t !== null && all.includes(t))
      .map(key);
    graph.set(key(file), [...(graph.get(key(file)) ?? []), ...deps]);
  }
  return graph;
}

describe("layers", () => {
  it("every folder of app/ has a row in the table, and the folder map of docs/architecture.md is the tree", () => {
    expect(folders(root, 1).map((f) => f.split("/")[1]).filter((name) => !(name in rules))).toEqual([]);
    expect(mapped().sort()).toEqual(folders(root, 2).sort());
  });

  for (const [layer, rule] of Object.entries(rules)) {
    it(`${layer} import only what docs/architecture.md allows`, () => {
      const broken: string[] = [];
      for (const file of files(path.join(root, layer))) {
        for (const { spec, typeOnly } of imports(file)) {
          const to = layerOf(spec, file);
          if (rule.forbidden.includes(to) && !(typeOnly && to === "db")) broken.push(`${rel(file)} → ${spec}`);
          if (rule.server && /\.server(\.tsx?)?$/.test(spec)) broken.push(`${rel(file)} → ${spec} (server code in the browser)`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it("a route module imports no other; a file in routes/ that is no route is a `.server.ts` helper", () => {
    const broken: string[] = [];
    for (const file of files(path.join(root, "routes")).concat(path.join(root, "root.tsx"))) {
      if (!routeModules.has(file) && !file.endsWith(".server.ts")) broken.push(`${rel(file)} is neither a route of app/routes.ts nor a .server.ts helper`);
      for (const { spec } of imports(file)) {
        const to = target(spec, file);
        if (to && routeModules.has(to)) broken.push(`${rel(file)} → ${spec}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the page pipeline is imported only by the entry (and the server outside app/)", () => {
    const broken: string[] = [];
    for (const file of files(root)) {
      if (file.startsWith(path.join(root, "pipeline") + path.sep) || file === path.join(root, "entry.server.tsx")) continue;
      for (const { spec } of imports(file)) if (layerOf(spec, file) === "pipeline") broken.push(`${rel(file)} → ${spec}`);
    }
    expect(broken).toEqual([]);
  });

  it("routes ask who acts only through their contract: no guard, session read, budget or form read of their own", () => {
    // Who acts, a write's standing, the budget and the body are the contract wrapper's
    // (app/http/contract.server.ts); a route that reached for them itself could forget one.
    const forbidden = /\b(getUser|getUserId|getSession|requireSelf|limitWrite|enforceRateLimit|checkRateLimit|readJson|parseJsonBody|readForm)\b|request\.formData\(|request\.json\(/;
    const offenders = [...files(path.join(root, "routes")), path.join(root, "root.tsx")]
      .filter((file) => forbidden.test(fs.readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "")))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it("db/ imports nothing from app/", () => {
    const dbDir = path.join(repo, "db");
    const broken = files(dbDir).flatMap((file) =>
      imports(file)
        .filter(({ spec }) => spec.startsWith("~/") || (target(spec, file) ?? "").startsWith(root + path.sep))
        .map(({ spec }) => `${path.relative(repo, file)} → ${spec}`),
    );
    expect(broken).toEqual([]);
  });

  it("app/, db/ and server/ have no import cycle (type-only and dynamic imports count)", () => {
    expect(cycles(importGraph(), (f) => path.relative(repo, f))).toEqual([]);
  });

  it("the import graph drawn by file name has no cycle: no file imports another of its name, nor through others", () => {
    // What a reader or a tool that maps imports by file name sees: routes/auth.tsx importing
    // schemas/auth.ts drew an 18-file circle that does not exist. `.server` is part of the name.
    expect(cycles(importGraph((file) => path.basename(file).replace(/\.(tsx?|js)$/, "")))).toEqual([]);
  });

  it("no two modules of one layer share a base name (routes and rules/schemas, named after their area, aside)", () => {
    const seen = new Map<string, string[]>();
    for (const file of files(root)) {
      const name = rel(file);
      if (name.startsWith(`routes${path.sep}`) || name.startsWith(path.join("rules", "schemas") + path.sep)) continue;
      const key = `${name.split(path.sep)[0]}:${path.basename(file).replace(/(\.server)?\.tsx?$/, "")}`;
      seen.set(key, [...(seen.get(key) ?? []), name]);
    }
    expect([...seen.values()].filter((list) => list.length > 1)).toEqual([]);
  });
});
