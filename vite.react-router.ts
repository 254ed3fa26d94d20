import type { Plugin } from "vite";

// Edits to React Router's production build, server side only (docs/decisions/0082). Every document
// render rebuilt the whole route tree (`createServerRoutes`, ~130 routes) and converted it again
// (`createStaticRouter`), matched each parent path of the URL against every route to name the routes
// the browser may need (`getPartialManifest`), and each <Link> serialised and parsed the matched
// paths (`useResolvedPath`), though all of it depends only on the build and the path: together ~1.5 ms
// of an uncached page. Here the tree is made once per build and the rest kept per path (bounded maps,
// like compiled patterns; not memos of data, so MEMO=off keeps them).
// A React Router update that changes these functions fails the build here, loudly, rather than
// quietly losing the edits: check the new code and adjust (or drop) them.

const FILE = /react-router\/dist\/production\/chunk-[\w-]+\.mjs$/;

const SERVER_ROUTES = {
  find: "function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = ",
  // Each request brings a new object of route modules holding the same modules: the tree is kept
  // per manifest and made again if any module differs.
  replace: `var chortleServerRoutes = new WeakMap();
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
  if (rest.length > 0 || isSpaMode) return createServerRoutesOnce(manifest, routeModules, future, isSpaMode, ...rest);
  let kept = chortleServerRoutes.get(manifest);
  let ids = Object.keys(routeModules);
  if (!kept || kept.ids.length !== ids.length || ids.some((id) => kept.modules[id] !== routeModules[id])) {
    kept = { ids, modules: { ...routeModules }, routes: createServerRoutesOnce(manifest, routeModules, future, isSpaMode) };
    chortleServerRoutes.set(manifest, kept);
  }
  return kept.routes;
}
function createServerRoutesOnce(manifest, routeModules, future, isSpaMode, parentId = `,
};

const PARTIAL_MANIFEST = {
  find: `  paths.forEach((path) => {
    let matches = matchRoutesImpl(
      router.routes,
      path,
      router.basename || "/",
      false,
      router.branches
    );
    if (matches) {
      matches.forEach((m) => routeIds.add(m.route.id));
    }
  });`,
  replace: `  paths.forEach((path) => {
    for (let id of chortlePathRouteIds(router, path)) routeIds.add(id);
  });`,
  helper: `var chortlePathRoutes = new WeakMap();
var CHORTLE_PATHS_MAX = 4096;
function chortlePathRouteIds(router, path) {
  let key = router.branches;
  if (!key) return (matchRoutesImpl(router.routes, path, router.basename || "/", false) || []).map((m) => m.route.id);
  let byPath = chortlePathRoutes.get(key);
  if (!byPath) chortlePathRoutes.set(key, (byPath = new Map()));
  let ids = byPath.get(path);
  if (!ids) {
    ids = (matchRoutesImpl(router.routes, path, router.basename || "/", false, router.branches) || []).map((m) => m.route.id);
    if (byPath.size >= CHORTLE_PATHS_MAX) byPath.clear();
    byPath.set(path, ids);
  }
  return ids;
}
function getPartialManifest(`,
};

// The static router converted that same tree into data routes for every document: kept per tree.
const STATIC_ROUTER = {
  find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
  replace: `var chortleDataRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let kept = chortleDataRoutes.get(routes);
  if (!kept) {
    let manifest2 = {};
    kept = { manifest: manifest2, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2) };
    chortleDataRoutes.set(routes, kept);
  }
  let manifest = kept.manifest;
  let dataRoutes = kept.dataRoutes;`,
};

// Every <Link> serialised the matched routes' paths to JSON and parsed them back to resolve its
// address: the JSON is kept per render's matches, the parsed paths per JSON (resolveTo only reads them).
const RESOLVED_PATH = {
  find: `function useResolvedPath(to, { relative } = {}) {
  let { matches } = React2.useContext(RouteContext);
  let { pathname: locationPathname } = useLocation();
  let routePathnamesJson = JSON.stringify(getResolveToMatches(matches));
  return React2.useMemo(
    () => resolveTo(
      to,
      JSON.parse(routePathnamesJson),`,
  replace: `var chortleMatchesJson = new WeakMap();
var chortlePathnames = new Map();
function chortleRoutePathnamesJson(matches) {
  let json = chortleMatchesJson.get(matches);
  if (json === void 0) chortleMatchesJson.set(matches, (json = JSON.stringify(getResolveToMatches(matches))));
  return json;
}
function chortleRoutePathnames(json) {
  let pathnames = chortlePathnames.get(json);
  if (!pathnames) {
    if (chortlePathnames.size >= 4096) chortlePathnames.clear();
    chortlePathnames.set(json, (pathnames = JSON.parse(json)));
  }
  return pathnames;
}
function useResolvedPath(to, { relative } = {}) {
  let { matches } = React2.useContext(RouteContext);
  let { pathname: locationPathname } = useLocation();
  let routePathnamesJson = chortleRoutePathnamesJson(matches);
  return React2.useMemo(
    () => resolveTo(
      to,
      chortleRoutePathnames(routePathnamesJson),`,
};

// Matching a URL tried the ranked branches (~130 routes) one by one, each first through the root
// layout, until one matched, twice per request (the server's match, then the static handler's):
// the branches a path can match are those whose first segment is that path's (any case) or is not a
// plain word (a parameter, a splat, optional, none). Kept per branch list, in rank order, so the
// first match is the same one.
const BRANCH_INDEX = {
  find: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);`,
  replace: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  if (precomputedBranches && !allowPartial) branches = chortleBranchesFor(branches, decoded);`,
  helper: `// An absolute path React Router writes as it is (the server <Form> below).
function chortlePlainPath(path) {
  return /^\\/(?!\\/)/.test(path) && !/[?#]$/.test(path) && !path.includes("?#");
}
var chortleBranchIndex = new WeakMap();
function chortleFirstWord(path) {
  let first = path.replace(/^\\/+/, "").split("/")[0];
  return first === "" || /[:*?]/.test(first) ? null : first.toLowerCase();
}
function chortleBranchesFor(branches, pathname) {
  let index = chortleBranchIndex.get(branches);
  if (!index) {
    let words = branches.map((branch) => chortleFirstWord(branch.path));
    index = { byWord: new Map(), other: branches.filter((_, i) => words[i] === null) };
    for (let word of new Set(words)) {
      if (word !== null) index.byWord.set(word, branches.filter((_, i) => words[i] === null || words[i] === word));
    }
    chortleBranchIndex.set(branches, index);
  }
  return index.byWord.get((pathname.split("/", 2)[1] ?? "").toLowerCase()) ?? index.other;
}
function matchRoutesImpl(`,
};

// A <Form> (and a fetcher's, which renders one) posting to an absolute path on the server: its action
// is written as it is, without the hooks of a form in the browser (submit, the action resolved), the
// same attributes in the same order as React Router writes, so hydration finds what it expects. (The
// app's links are its own plain <a>s: decision 0092.)
const SERVER_FORM = {
  find: `    ...props
  }, forwardedRef) => {
    let { useTransitions } = React10.useContext(NavigationContext);`,
  replace: `    ...props
  }, forwardedRef) => {
    let { useTransitions, basename: chortleBasename } = React10.useContext(NavigationContext);
    if (typeof window === "undefined" && chortleBasename === "/" && typeof action === "string" && chortlePlainPath(action)) {
      return React10.createElement("form", { method: method.toLowerCase() === "get" ? "get" : "post", action, ...props, "data-discover": discover === "render" ? "true" : void 0 });
    }`,
};

// Before the loaders run, every request was copied twice (`new Request`, its headers and signal too) to
// drop the `index` and `_routes` parameters from its URL: a request that has neither goes on as it is.
const STRIP_PARAMS = [
  {
    find: `function stripIndexParam(request) {
  let url = new URL(request.url);
  let indexValues = url.searchParams.getAll("index");`,
    replace: `function stripIndexParam(request) {
  let url = new URL(request.url);
  let indexValues = url.searchParams.getAll("index");
  if (indexValues.length === 0) return request;`,
  },
  {
    find: `function stripRoutesParam(request) {
  let url = new URL(request.url);`,
    replace: `function stripRoutesParam(request) {
  let url = new URL(request.url);
  if (!url.searchParams.has("_routes")) return request;`,
  },
];

export function reactRouterServerPatches(): Plugin {
  let patched = 0;
  let strippedParams = 0;
  return {
    name: "chortle:react-router-server-patches",
    apply: "build",
    transform(code, id, options) {
      if (!options?.ssr || !FILE.test(id)) return null;
      if (code.includes("function stripRoutesParam(request) {")) {
        for (const { find } of STRIP_PARAMS) {
          if (code.split(find).length !== 2) throw new Error(`react-router changed: cannot find exactly one "${find.slice(0, 60)}" in ${id} (vite.react-router.ts)`);
        }
        strippedParams++;
        return STRIP_PARAMS.reduce((text, { find, replace }) => text.replace(find, replace), code);
      }
      if (!code.includes("function createServerRoutes(")) return null;
      for (const part of [SERVER_ROUTES.find, PARTIAL_MANIFEST.find, "function getPartialManifest(", STATIC_ROUTER.find, RESOLVED_PATH.find, BRANCH_INDEX.find, "function matchRoutesImpl(", SERVER_FORM.find]) {
        if (code.split(part).length !== 2) throw new Error(`react-router changed: cannot find exactly one "${part.slice(0, 60)}" in ${id} (vite.react-router.ts)`);
      }
      patched++;
      return code
        .replace(SERVER_ROUTES.find, SERVER_ROUTES.replace)
        .replace(PARTIAL_MANIFEST.find, PARTIAL_MANIFEST.replace)
        .replace("function getPartialManifest(", PARTIAL_MANIFEST.helper)
        .replace(STATIC_ROUTER.find, STATIC_ROUTER.replace)
        .replace(RESOLVED_PATH.find, RESOLVED_PATH.replace)
        .replace(BRANCH_INDEX.find, BRANCH_INDEX.replace)
        .replace("function matchRoutesImpl(", BRANCH_INDEX.helper)
        .replace(SERVER_FORM.find, SERVER_FORM.replace);
    },
    buildEnd(error) {
      if (!error && this.environment?.config.consumer === "server" && (patched === 0 || strippedParams === 0)) {
        throw new Error("vite.react-router.ts: React Router's server code was not patched (its file names changed?)");
      }
    },
  };
}
