// autocannon ships no types; this declares only the part of its API the benchmark uses.
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
    title?: string;
    verifyBody?: (body: string) => boolean;
  }

  interface Histogram {
    min: number;
    max: number;
    average: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface Result {
    title?: string;
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    duration: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { AutocannonRequest, Options, Result };
}
