// How the browser build groups our modules into chunks (vite.config.ts). Left alone, Rollup makes a
// chunk for every set of pages that share a module: the home page loaded 25 files, a third of
// them under 400 bytes, and each file costs its own gzip header, its own compression window and its
// import list (the home page's code gzips to 5 KB less as a handful of files). So:
// - "shell": what the root route needs (it is on every page anyway) and the modules most pages use;
//   React and React Router join it (Rollup puts them with the shell's code);
// - "cards" (the post card and its parts) and "profile" (the profile layout's parts): what those
//   reach that only their pages use;
// - every other module several pages share: one chunk per set of pages that share it (what Rollup
//   does by itself, but named here, as Rollup would otherwise pull a named chunk's unnamed imports
//   into it, and with them every page that needs one of them);
// - each screen's own code stays in its route chunk or lazy part.
import type { Rollup } from "vite";
import type { Plugin } from "vite";

const GROUPS: Record<string, string[]> = {
  cards: ["/app/components/post-card.tsx"],
  // The comment thread (the post page's, and a card's when its comments open): with the parts its
  // lazy edit box shares with it (the mention box), which would otherwise be a file of their own.
  thread: ["/app/components/comments/comment-thread.tsx"],
  // The profile layout's parts, on every profile tab.
  profile: ["/app/components/profile/profile-header.tsx", "/app/components/profile/profile-tabs.tsx", "/app/rules/profile-rules.ts"],
};
/**
 * A member's header parts (a lazy part, app/components/lazy-parts.tsx) and the bell drawing the
 * notification pages share with it: every page that draws the bell is a member's, which has this chunk
 * already, so the drawing is not a file of its own.
 */
const MEMBER_PARTS = ["/app/components/member-controls.tsx", "/app/components/notification-bell.tsx", "/app/components/bell-icon.tsx"];
/** Small modules of many pages that would otherwise be files of a few hundred bytes each. */
const SHELL_EXTRA = ["/app/components/avatar.tsx", "/app/components/interaction.tsx", "/app/components/one-press.ts", "/app/lib/category-list.ts", "/app/components/atom-link.tsx", "/app/components/ui/card.tsx"];
/** A module used by at least this share of the pages goes to the shell. */
const MOST_PAGES = 0.4;
/** Form helpers (the text rules they count with, the hook that keeps what was typed early) stay out of the shell however many pages have a form: the home page has none. */
const NEVER_SHELL = ["/app/components/ui/field.tsx", "/app/components/ui/input.tsx", "/app/lib/text.ts", "/app/components/ui/dom-value.ts"];

const isApp = (id: string) => id.includes("/app/") && !id.includes("node_modules") && !id.startsWith("\0");

export function appChunks(): Rollup.GetManualChunk {
  let plan: Map<string, string> | null = null;
  return (id, meta) => {
    plan ??= planChunks(meta);
    return plan.get(id) ?? null;
  };
}

function planChunks({ getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): Map<string, string> {
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
  const usedBy = new Map<string, Set<string>>();
  const reached = new Map<string, Set<string>>();
  for (const page of pages) {
    reached.set(page, reach(page));
    for (const id of reached.get(page)!) usedBy.set(id, (usedBy.get(id) ?? new Set()).add(page));
  }

  const plan = new Map<string, string>();
  const assign = (id: string | undefined, chunk: string) => {
    if (!id) return;
    // Route modules (the root too, with the stylesheet) stay in their own chunks: React Router loads
    // those by its manifest, and marks a stylesheet it first meets behind an `import()` as loaded on
    // demand (`shell.css#`), which a shell imported by lazy chunks would be.
    if (plan.has(id) || /\/app\/(routes\/|root\.tsx|app\.css)/.test(id) || getModuleInfo(id)?.isEntry) return;
    plan.set(id, chunk);
  };
  for (const id of reach(find("/app/root.tsx"))) assign(id, "shell");
  for (const [id, users] of usedBy) {
    if (users.size >= pages.length * MOST_PAGES && !NEVER_SHELL.some((suffix) => id.endsWith(suffix))) assign(id, "shell");
  }
  for (const suffix of SHELL_EXTRA) for (const id of reach(find(suffix))) assign(id, "shell");
  for (const suffix of MEMBER_PARTS) assign(find(suffix), "member-controls");
  for (const [chunk, starts] of Object.entries(GROUPS)) {
    const members = new Set(starts.flatMap((start) => [...reach(find(start))]));
    const groupPages = new Set(pages.filter((page) => starts.some((start) => reached.get(page)!.has(find(start)!))));
    for (const id of members) if ([...(usedBy.get(id) ?? [])].every((page) => groupPages.has(page))) assign(id, chunk);
  }
  const signatures = new Map<string, string>();
  for (const [id, users] of usedBy) {
    if (users.size < 2) continue;
    const key = [...users].sort().join("|");
    if (!signatures.has(key)) signatures.set(key, `shared-${signatures.size + 1}`);
    assign(id, signatures.get(key)!);
  }
  return plan;
}

/**
 * Vite wraps every `import()` of the browser build in its preload helper, even with
 * `build.modulePreload: false` (which only empties the lists it passes): unwrap them, so the helper
 * (~0.6 KB gzipped on every page) is left out. The helper would also load a lazy chunk's own CSS:
 * there is none, the site has one stylesheet (app/app.css, with the root route). A shape it does not
 * know is left as it is.
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
