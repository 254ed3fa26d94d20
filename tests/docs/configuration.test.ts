// The README's configuration tables and the code agree: every variable the server, its scripts or its
// database code read is named there (in a table, or among those for tests and development), and every
// variable named there is read somewhere, so a table row cannot outlive its setting or a new setting
// go unsaid.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Configuration\n"), readme.indexOf("\n## ", readme.indexOf("## Configuration\n") + 1));

function files(dir: string, keep: (f: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!["node_modules", "build", "results", "bare", "bare-production"].includes(entry.name)) out.push(...files(rel, keep));
    } else if (keep(rel)) out.push(rel);
  }
  return out;
}
const source = (f: string) => /\.(ts|tsx|js|mjs)$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f);
const text = (list: string[]) => list.map((f) => fs.readFileSync(path.join(root, f), "utf8")).join("\n");

/** What the product reads: the env schema's keys, and `process.env.X` / `env.X` / `env["X"]` in its code. */
function readByProduct(): Set<string> {
  const code = text([...files("app", source), ...files("server", source), ...files("scripts", source), ...files("db", source), "server.js"]);
  const names = new Set<string>();
  const schema = fs.readFileSync(path.join(root, "app/integrations/env.server.ts"), "utf8");
  for (const m of schema.slice(schema.indexOf("z.object({")).matchAll(/^\s+([A-Z][A-Z0-9_]+): /gm)) names.add(m[1]);
  for (const m of code.matchAll(/\b(?:process\.env|env)\.([A-Z][A-Z0-9_]{2,})\b/g)) names.add(m[1]);
  for (const m of code.matchAll(/\benv\[["']([A-Z][A-Z0-9_]{2,})["']\]/g)) names.add(m[1]);
  // Set by the server itself for its own cluster workers, and Vite's own flag: not settings.
  names.delete("MAIL_SENDER");
  names.delete("CHORTLE_WORKER");
  names.delete("SSR");
  return names;
}

/** The variables the section names: `NAME`, `NAME=value`, and `A_{B,C}_{D,E}` spelled out. */
function named(): Set<string> {
  const names = new Set<string>();
  for (const [, token] of section.matchAll(/`([A-Z][A-Z0-9_{},]*[A-Z0-9}])(?:=[^`]*)?`/g)) {
    let forms = [token];
    while (forms.some((f) => f.includes("{"))) {
      forms = forms.flatMap((f) => {
        const m = /\{([^}]*)\}/.exec(f);
        return m ? m[1].split(",").map((alt) => f.slice(0, m.index) + alt + f.slice(m.index + m[0].length)) : [f];
      });
    }
    for (const f of forms) if (/^[A-Z][A-Z0-9_]{2,}$/.test(f)) names.add(f);
  }
  return names;
}

describe("README's configuration", () => {
  it("names every variable the product reads", () => {
    const said = named();
    const unsaid = [...readByProduct()].filter((n) => !said.has(n)).sort();
    expect(unsaid).toEqual([]);
  });

  it("names only variables something reads (the product, its deploy files, tests' helpers or the benches)", () => {
    const everywhere = text([...files("app", source), ...files("server", source), ...files("scripts", source), ...files("db", source), ...files("deploy", () => true), ...files("tests/support", source), ...files("bench", source), "server.js", "playwright.config.ts", "package.json"]);
    const unread = [...named()].filter((n) => !new RegExp(`\\b${n}\\b`).test(everywhere)).sort();
    expect(unread).toEqual([]);
  });

  it("groups the settings by task", () => {
    const headings = [...section.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(["Running the site", "Mail", "Sign-up, spam and moderation", "Limits", "Operations", "For tests and development only"]);
  });
});
