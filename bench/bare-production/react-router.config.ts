import type { Config } from "@react-router/dev/config";

// The bare page of bench/bare built as the app is built (bench/capacity.ts): React Router's
// production copy bundled into the server build, and its request handler taken from the build
// (vite.config.ts beside this file; the app's: docs/decisions/0082). Same root and route. The app's
// edits to React Router (patches/) stay off here: nothing defines __CHORTLE_SERVER_EDITS__.
export default { ssr: true } satisfies Config;
