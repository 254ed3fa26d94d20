// The little of parse-prometheus-text-format 1.1 the metrics test uses (the package ships no types).
declare module "parse-prometheus-text-format" {
  export type Sample = { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string };
  export type Family = { name: string; help: string; type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED"; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
