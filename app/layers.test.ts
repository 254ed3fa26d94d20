// The import table of docs/architecture.md, checked: which folder may import which, no import cycles,
// the page pipeline reached only from the entry, no two files of app/ sharing a base name.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname);
const repo = path.resolve(root, "..");

function files(dir: string, { tests = false } = {}): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : files(full, { tests });
    return /\.(ts|tsx)$/.test(entry.name) && (tests || !/\.test\.tsx?$/.test(entry.name)) ? [full] : [];
  });
}

/** The value imports of a file (type-only imports are erased and do not count). */
function imports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)";/gms)].map((m) => m[1]);
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
  return path.relative(root, file).split(path.sep)[0].replace(/\.tsx?$/, "");
}

// The table. Each folder lists what it must never import; "server" marks browser code.
const rules: Record<string, { forbidden: string[]; server?: boolean }> = {
  // Screens, form actions, JSON endpoints: parse, ask who acts, call a model, answer.
  routes: { forbidden: ["db", "pipeline"] },
  // Request helpers: who acts, cookies, the renderers of a Problem.
  http: { forbidden: ["db", "routes", "components", "pipeline"] },
  // How a GET is answered and kept: only the entry and the server reach it.
  pipeline: { forbidden: ["routes", "components", "http", "integrations"] },
  // Every read and write, the rules and who may act, the use cases of each entity.
  models: { forbidden: ["react", "routes", "components", "http", "pipeline"] },
  // The outside world: env, mail, password hashing, YouTube, thumbnails, rate limits.
  integrations: { forbidden: ["db", "react", "routes", "components", "http", "pipeline", "models"] },
  components: { forbidden: ["db", "routes", "models", "http", "pipeline", "integrations"], server: true },
  lib: { forbidden: ["db", "routes", "models", "http", "pipeline", "integrations", "components"], server: true },
};

describe("layers", () => {
  it("every folder of app/ has a row in the table", () => {
    const folders = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((name) => !(name in rules))).toEqual([]);
  });

  for (const [layer, rule] of Object.entries(rules)) {
    it(`${layer} import only what docs/architecture.md allows`, () => {
      const broken: string[] = [];
      for (const file of files(path.join(root, layer))) {
        for (const spec of imports(file)) {
          const to = layerOf(spec, file);
          const name = path.relative(root, file);
          if (rule.forbidden.includes(to)) broken.push(`${name} → ${spec}`);
          if (rule.server && /\.server(\.tsx?)?$/.test(spec)) broken.push(`${name} → ${spec} (server code in the browser)`);
          // A route module never imports another route module.
          if (layer === "routes" && to === "routes") broken.push(`${name} → ${spec}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it("the page pipeline is imported only by the entry (and the server outside app/)", () => {
    const broken: string[] = [];
    for (const file of files(root)) {
      if (file.startsWith(path.join(root, "pipeline") + path.sep) || file === path.join(root, "entry.server.tsx")) continue;
      for (const spec of imports(file)) if (layerOf(spec, file) === "pipeline") broken.push(`${path.relative(root, file)} → ${spec}`);
    }
    expect(broken).toEqual([]);
  });

  it("routes ask who acts only through their contract: no guard, session read, budget or form read of their own", () => {
    // Who acts, a write's standing, the budget and the body are the contract wrapper's
    // (app/http/contract.server.ts); a route that reached for them itself could forget one.
    const forbidden = /\b(getUser|getUserId|getSession|requireSelf|limitWrite|enforceRateLimit|checkRateLimit|readJson|parseJsonBody|readForm)\b|request\.formData\(|request\.json\(/;
    const offenders = [...files(path.join(root, "routes")), path.join(root, "root.tsx")]
      .filter((file) => forbidden.test(fs.readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "")))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it("db/ imports nothing from app/", () => {
    const dbDir = path.join(repo, "db");
    const broken = files(dbDir).flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith("~/") || (target(spec, file) ?? "").startsWith(root + path.sep))
        .map((spec) => `${path.relative(repo, file)} → ${spec}`),
    );
    expect(broken).toEqual([]);
  });

  it("app/ has no import cycle (type-only imports aside)", () => {
    const graph = new Map<string, string[]>();
    for (const file of files(root)) {
      const deps = imports(file)
        .map((spec) => target(spec, file))
        .filter((t): t is string => t !== null && t.startsWith(root + path.sep) && /\.tsx?$/.test(t));
      graph.set(file, deps);
    }
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        const loop = trail.slice(trail.indexOf(file)).concat(file);
        cycles.push(loop.map((f) => path.relative(root, f)).join(" → "));
        return;
      }
      state.set(file, "open");
      for (const dep of graph.get(file) ?? []) visit(dep, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it("no two modules of one layer share a base name (routes and the schemas named after their area aside)", () => {
    const seen = new Map<string, string[]>();
    for (const file of files(root)) {
      const rel = path.relative(root, file);
      if (rel.startsWith(`routes${path.sep}`) || rel.startsWith(path.join("lib", "schemas") + path.sep)) continue;
      const key = `${rel.split(path.sep)[0]}:${path.basename(file).replace(/(\.server)?\.tsx?$/, "")}`;
      seen.set(key, [...(seen.get(key) ?? []), rel]);
    }
    expect([...seen.values()].filter((list) => list.length > 1)).toEqual([]);
  });
});
