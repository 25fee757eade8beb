// The few autocannon fields server.bench.ts reads (the package ships no types).
declare module "autocannon" {
  interface AutocannonResult {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
  }): Promise<AutocannonResult>;
}
