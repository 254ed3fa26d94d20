// Types of server/metrics.js for the TypeScript tests (server.js and server/ are plain JavaScript).
export declare function metricsConfig(env?: Record<string, string | undefined>): { port: number; host: string; token: string | null } | null;
export declare function createMetrics(options: { snapshot?: () => unknown; inFlight: () => number }): {
  observe(route: string, method: string, status: number, seconds: number): void;
};
