// The part of autocannon's API that bench/run.ts uses (the package ships no types).
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    overallRate?: number;
  };
  type Histogram = { average: number; p50: number; p99: number };
  type Result = { requests: Histogram; latency: Histogram; errors: number; non2xx: number };
  export default function autocannon(options: Options): Promise<Result>;
}
