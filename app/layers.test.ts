// The import table of shared/DESIGN.md, checked: who may import whom.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : files(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The value imports of a file (type-only imports are erased and do not count). */
function imports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)";/gms)].map((m) => m[1]);
}

function layerOf(spec: string, from: string): string {
  if (spec.startsWith("#db/")) return "db";
  if (spec === "react" || spec.startsWith("react-dom") || spec.startsWith("react-router") || spec.startsWith("@react-router")) return "react";
  let target = spec;
  if (spec.startsWith("~/")) target = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) target = path.resolve(path.dirname(from), spec);
  else return "package";
  const rel = path.relative(root, target);
  return rel.split(path.sep)[0].replace(/\.tsx?$/, "");
}

const rules: Record<string, { forbidden: string[]; server?: boolean }> = {
  models: { forbidden: ["react", "routes", "components", "services"] },
  services: { forbidden: ["routes", "components"] },
  components: { forbidden: ["db", "routes", "models", "services"], server: true },
  lib: { forbidden: ["db", "routes", "models", "services", "components"], server: true },
  routes: { forbidden: ["db"] },
};

describe("layers", () => {
  for (const [layer, rule] of Object.entries(rules)) {
    it(`${layer} import only what shared/DESIGN.md allows`, () => {
      const dir = path.join(root, layer);
      const broken: string[] = [];
      for (const file of files(dir)) {
        for (const spec of imports(file)) {
          const target = layerOf(spec, file);
          const name = path.relative(root, file);
          if (rule.forbidden.includes(target)) broken.push(`${name} → ${spec}`);
          if (rule.server && /\.server(\.tsx?)?$/.test(spec)) broken.push(`${name} → ${spec} (server code in the browser)`);
          // A route module never imports another route module.
          if (layer === "routes" && target === "routes") broken.push(`${name} → ${spec}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
