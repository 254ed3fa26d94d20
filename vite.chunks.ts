// How the browser build groups our modules into chunks (vite.config.ts). Left alone, Rollup makes a
// chunk for every set of pages that share a module: the home page loaded 25 files, a third of
// them under 400 bytes, and each file costs its own gzip header, its own compression window and its
// import list (the home page's code gzips to 5 KB less as a handful of files). So:
// - "shell": what the root route needs (it is on every page anyway) and the few modules most pages
//   use; React and React Router join it (Rollup puts them with the shell's code);
// - "cards": the post card and what it brings (the feeds, search, post and profile pages);
// - the rest as Rollup splits it: each screen's own code stays in its route chunk or lazy part.
import type { GetManualChunk, ManualChunkMeta } from "rollup";
import type { Plugin } from "vite";

const GROUPS: Record<string, string> = { cards: "/app/components/post-card.tsx" };
/** A module used by at least this share of the pages goes to the shell. */
const MOST_PAGES = 0.5;

const isApp = (id: string) => id.includes("/app/") && !id.includes("node_modules") && !id.startsWith("\0");

export function appChunks(): GetManualChunk {
  let plan: Map<string, string> | null = null;
  return (id, meta) => {
    plan ??= planChunks(meta);
    return plan.get(id) ?? null;
  };
}

function planChunks({ getModuleIds, getModuleInfo }: ManualChunkMeta): Map<string, string> {
  const reach = (start: string | undefined) => {
    const seen = new Set<string>();
    const queue = start ? [start] : [];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(getModuleInfo(id)?.importedIds.filter(isApp) ?? []));
    }
    return seen;
  };
  const ids = [...getModuleIds()];
  const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
  // Route modules with a component are entries of the browser build (`routes/x.tsx?…client-route`).
  const pages = ids.filter((id) => isApp(id) && /\/app\/routes\/.*\.tsx\?/.test(id) && getModuleInfo(id)?.isEntry);
  const uses = new Map<string, number>();
  for (const page of pages) for (const id of reach(page)) uses.set(id, (uses.get(id) ?? 0) + 1);

  const plan = new Map<string, string>();
  const assign = (id: string, chunk: string) => {
    if (!plan.has(id) && !getModuleInfo(id)?.isEntry) plan.set(id, chunk);
  };
  for (const id of reach(find("/app/root.tsx"))) assign(id, "shell");
  for (const [id, count] of uses) if (count >= pages.length * MOST_PAGES) assign(id, "shell");
  for (const [chunk, start] of Object.entries(GROUPS)) for (const id of reach(find(start))) assign(id, chunk);
  return plan;
}

/**
 * Vite wraps every `import()` of the browser build in its preload helper, even with
 * `build.modulePreload: false` (which only empties the lists it passes): unwrap them, so the helper
 * (~0.5 KB gzipped on every page) is left out. A shape it does not know is left as it is.
 */
export function withoutPreloadHelper(): Plugin {
  const wrapped = /__vitePreload\(\(\) => (import\((["'`])[^"'`]+\2\)),__VITE_IS_MODERN__\?__VITE_PRELOAD__:void 0\)/g;
  return {
    name: "chortle:without-preload-helper",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    transform: {
      order: "post",
      handler(code) {
        if (!code.includes("__vitePreload(")) return null;
        const out = code.replace(wrapped, "$1").replace(/import \{ __vitePreload \} from "[^"]+";/, "");
        return out.includes("__vitePreload") ? null : { code: out, map: null };
      },
    },
  };
}
