import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

// For tests only: one HTTP request on a connection of its own from a chosen loopback address, as a
// visitor of its own would send it (HAProxy and the portal count each address apart). A request that
// gets no answer at all (refused, reset, timed out) resolves with status 0: a lost one.

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SendOptions {
  /** The loopback address it comes from (127.0.0.1 by default; 127.0.0.0/8 is all loopback on Linux). */
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** No answer within this time is a lost request (default 15 s). */
  timeoutMs?: number;
}

export function send(origin: string, target: string, { from = "127.0.0.1", method = "GET", headers = {}, body, timeoutMs = 15_000 }: SendOptions = {}): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const lost = () => resolve({ status: 0, headers: {}, body: "" });
    const req = httpRequest({ host: url.hostname, port: url.port, path: target, method, localAddress: from, agent: false, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", lost);
    });
    req.on("error", lost);
    req.setTimeout(timeoutMs, () => req.destroy());
    req.end(body);
  });
}
