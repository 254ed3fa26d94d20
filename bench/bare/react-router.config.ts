import type { Config } from "@react-router/dev/config";

// The baseline for bench/run.ts: the smallest server-rendered React Router page.
export default { ssr: true } satisfies Config;
