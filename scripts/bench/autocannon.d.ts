// The few autocannon fields the benches read (the package ships no types).
declare module "autocannon" {
  interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Request {
    body?: string;
    [key: string]: unknown;
  }
  export interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    method?: string;
    /** Requests sent in turn; setupRequest may give each one its own body. */
    requests?: { setupRequest?: (request: Request) => Request }[];
  }
  export default function autocannon(options: Options): Promise<AutocannonResult>;
}
