// What each page of a production build makes the browser download, read from React Router's build
// manifest (build/client/assets/manifest-*.js): the entry, the route modules of the page and of its
// parent layouts, every chunk they import statically (not `import()`ed ones: those load on demand),
// the manifest itself, and the CSS. Sizes are gzip level 6 (what compression sends). Deterministic:
// the same build gives the same numbers. Used by the JS budget test and by `npm run bench`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The code a page's build lists (its modules and their static imports), read from the manifest. */
/**
 * Any other page: 126 KB since decision 0133 (following a thread; the post page was at 124.8); both
 * 0.5 KB more since decision 0176 (the moment's links on every card, the post page's player); `/`
 * 0.1 KB more since decision 0230 (the foot's link to the public moderation log, on every page).
 */
export const JS_BUDGET = { home: 120.6 * 1024, any: 126.5 * 1024 } as const;
/**
 * Everything a page runs before it is usable, measured in Chromium (tests/budget/page-js.test.ts,
 * docs/decisions/0034): the files above, the lazy parts loaded at once (a member's account menu and
 * bell, an open dialog) and the document's inline scripts (the loader data React hydrates from).
 */
export const RUN_BUDGET = { home: 130 * 1024, any: 136 * 1024 } as const;
/**
 * The same, as the server sends it (docs/decisions/0034): each file with the Content-Encoding it came
 * with (brotli, precompressed), the inline scripts at the page's brotli. The target of issue 36.
 */
export const SENT_BUDGET = { home: 120 * 1024, any: 126 * 1024 } as const;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  hasDefaultExport?: boolean;
};
type Manifest = {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
};

export type RouteAssets = {
  id: string;
  /** the URL pattern of the page, e.g. `/post/:id` */
  url: string;
  jsGzip: number;
  jsRaw: number;
  jsFiles: string[];
  cssGzip: number;
};

export function readManifest(buildDir: string): Manifest {
  const assets = path.join(buildDir, "client/assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run \`npm run build\` first.`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{")).replace(/;\s*$/, ""));
}

/** `/assets/x.js` → the chunks it imports statically, found in its own code (transitively by the caller). */
function staticImports(clientDir: string, asset: string): string[] {
  const code = fs.readFileSync(path.join(clientDir, asset), "utf8");
  const dir = path.posix.dirname(asset);
  const found: string[] = [];
  // `import{a}from"./x.js"`, `export{b}from"./x.js"` and `import"./x.js"`; `import("./x.js")` is lazy.
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.push(path.posix.join(dir, m[1]));
  }
  return found;
}

function urlOf(routes: Record<string, ManifestRoute>, route: ManifestRoute): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** Every page (a route with a component and no child page under it), with what it loads. */
export function routeAssets(buildDir = "build"): RouteAssets[] {
  const clientDir = path.join(buildDir, "client");
  const manifest = readManifest(buildDir);
  const routes = manifest.routes;
  const gz = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (asset: string) => {
    let size = gz.get(asset);
    if (!size) {
      const body = fs.readFileSync(path.join(clientDir, asset));
      size = { raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length };
      gz.set(asset, size);
    }
    return size;
  };
  const parents = new Set(Object.values(routes).flatMap((r) => (r.hasDefaultExport && r.parentId ? [r.parentId] : [])));
  const pages = Object.values(routes).filter((r) => r.hasDefaultExport && (r.id === "root" ? false : !parents.has(r.id)));

  return pages
    .map((page) => {
      // The manifest file itself is not loaded: with lazy route discovery the HTML carries the routes it needs.
      const js = new Set<string>();
      const css = new Set<string>(manifest.entry.css ?? []);
      const queue = [manifest.entry.module, ...manifest.entry.imports];
      for (let r: ManifestRoute | undefined = page; r; r = r.parentId ? routes[r.parentId] : undefined) {
        queue.push(r.module, ...(r.imports ?? []));
        for (const c of r.css ?? []) css.add(c);
      }
      while (queue.length) {
        const asset = queue.pop()!;
        if (js.has(asset)) continue;
        js.add(asset);
        queue.push(...staticImports(clientDir, asset));
      }
      const files = [...js].sort();
      return {
        id: page.id,
        url: urlOf(routes, page),
        jsGzip: files.reduce((s, f) => s + sizeOf(f).gzip, 0),
        jsRaw: files.reduce((s, f) => s + sizeOf(f).raw, 0),
        jsFiles: files,
        cssGzip: [...css].reduce((s, f) => s + sizeOf(f).gzip, 0),
      };
    })
    .sort((a, b) => a.url.localeCompare(b.url));
}

export function budgetOf(route: Pick<RouteAssets, "url">): number {
  return route.url === "/" ? JS_BUDGET.home : JS_BUDGET.any;
}

/** `url` as requested: the home page's budget is for its list; with the share dialog open it is any page's. */
const isHomeList = (url: string) => {
  const { pathname, searchParams } = new URL(url, "http://x");
  return pathname === "/" && !searchParams.has("share");
};
export const runBudgetOf = (url: string): number => (isHomeList(url) ? RUN_BUDGET.home : RUN_BUDGET.any);
export const sentBudgetOf = (url: string): number => (isHomeList(url) ? SENT_BUDGET.home : SENT_BUDGET.any);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function routeTable(rows: RouteAssets[]): string {
  return [
    "| page | route | JS gzip | budget | files | CSS gzip |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| \`${r.url}\` | ${r.id} | ${kb(r.jsGzip)} | ${kb(budgetOf(r))} | ${r.jsFiles.length} | ${kb(r.cssGzip)} |`,
    ),
  ].join("\n");
}

// `node --import tsx bench/route-assets.ts [buildDir]` prints the table.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(routeTable(routeAssets(process.argv[2] ?? "build")));
}
