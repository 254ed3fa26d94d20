// The little of autocannon 9 the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; min: number };
  export type Result = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  };
  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[];
  };
  export type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
