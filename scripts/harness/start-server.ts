import { Agent, request as httpRequest } from "node:http";

export { freePort, startProductionServer, type RunningServer } from "../../server/http/test-production-server";

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The value below which `fraction` of the values fall (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/** One request on a kept-alive agent (gzip accepted): the answer's status, or 0 when the connection failed. */
export function sendRequest(
  origin: URL,
  agent: Agent,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<number> {
  return new Promise<number>((resolve) => {
    const req = httpRequest(
      { host: origin.hostname, port: origin.port, path: target, agent, method: init.method ?? "GET", headers: { "Accept-Encoding": "gzip", ...init.headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(init.body);
  });
}

/** One visitor asking for a cached page again and again on one kept-alive connection: latencies in ms. */
export async function probeLatencies(origin: URL, until: number, page: string): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const status = await sendRequest(origin, agent, page, { headers: { "Accept-Language": "pt-PT" } });
    latencies.push(performance.now() - started);
    if (status !== 200) throw new Error(`${page} answered ${status}`);
  }
  agent.destroy();
  return latencies;
}
