import type { Plugin } from "vite";

// React Router's production build carries eight edits for the server (docs/decisions/0082):
// they are a patch, patches/react-router+<version>.patch, which patch-package applies to
// node_modules at every `npm install` / `npm ci` (package.json's postinstall; patches/README.md has
// each edit with what React Router would need to change). Each edit is behind
// `__CHORTLE_SERVER_EDITS__`, which this plugin defines: true in the server build, false in the
// browser's, where the edited code folds away to React Router's own (the browser bundle is byte for
// byte what it was), and undefined anywhere else (bench/bare-production keeps React Router as it ships).
//
// The build fails if React Router's server code in the bundle lacks any of the edits: node_modules
// installed before the patch, or a React Router update the patch no longer fits (then patch-package
// fails the install too). Check the new code and write the patch again (or drop an edit).

const FILE = /react-router\/dist\/production\/chunk-[\w-]+\.mjs$/;
const EDITS = 8;
const MARK = /\/\/ Chortle edit (\d+) \(patches\/README\.md\)/g;

export function reactRouterServerPatches(): Plugin {
  const seen = new Set<string>();
  return {
    name: "chortle:react-router-server-patches",
    apply: "build",
    config(_, env) {
      return { define: { __CHORTLE_SERVER_EDITS__: JSON.stringify(env.isSsrBuild === true) } };
    },
    transform(code, id, options) {
      if (!options?.ssr || !FILE.test(id)) return null;
      for (const [, n] of code.matchAll(MARK)) seen.add(n);
      return null;
    },
    buildEnd(error) {
      if (error || this.environment?.config.consumer !== "server") return;
      if (this.environment.config.define?.__CHORTLE_SERVER_EDITS__ !== "true") {
        throw new Error("vite.react-router.ts: the server build does not define __CHORTLE_SERVER_EDITS__ as true (did the build stop telling client and server apart by isSsrBuild?)");
      }
      const missing = Array.from({ length: EDITS }, (_, i) => String(i + 1)).filter((n) => !seen.has(n));
      if (missing.length > 0) {
        throw new Error(
          `React Router's server code lacks edit ${missing.join(", ")} of patches/react-router+*.patch: run \`npx patch-package --error-on-fail\` (or npm install); if the patch no longer applies, React Router changed: see patches/README.md`,
        );
      }
    },
  };
}
