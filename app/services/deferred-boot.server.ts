// Makes a rendered document start its JavaScript after the first paint (app/lib/deferred-boot.ts):
// React Router's module script becomes an inert data block that names the modules to preload, and
// the modulepreload links React hoisted into the head go. In the browser the boot script in the head
// puts both back once the page is painted. Hydration is unaffected: React matches an inline
// <script> by its tag alone, and adopts or re-creates hoisted links on its own.
import { DEFERRED_MODULE_TYPE } from "~/lib/deferred-boot.ts";

// React's serialisation of <Scripts>' output (react-router's Scripts, React 19's renderer).
const MODULE_SCRIPT = '<script type="module" async="">';
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;

/** The document with its module script deferred; unchanged when it has none. */
export function deferModuleScript(html: string): string {
  const at = html.indexOf(MODULE_SCRIPT);
  if (at < 0) return html;
  const head = html.slice(0, at);
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  return `${head.replace(MODULE_PRELOAD, "")}<script type="${DEFERRED_MODULE_TYPE}" data-preload="${preloads.join(" ")}">${html.slice(at + MODULE_SCRIPT.length)}`;
}
