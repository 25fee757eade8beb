import type { IncomingMessage, ServerResponse } from "node:http";
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { hostGuard, originsWarning, requestOrigin, trustedOrigins } from "./trusted-origin";

function req(host: string | undefined, { remote = "203.0.113.9", forwardedHost, url = "/areaOE/" }: { remote?: string; forwardedHost?: string; url?: string } = {}) {
  const headers: Record<string, string> = {};
  if (host !== undefined) headers.host = host;
  if (forwardedHost) headers["x-forwarded-host"] = forwardedHost;
  return { method: "GET", url, headers, socket: { remoteAddress: remote } } as unknown as IncomingMessage;
}

const local = trustedOrigins({ publicOrigins: [], port: 3210, trust: () => false, protocolOf: () => "http" });
const configured = trustedOrigins({
  publicOrigins: ["https://areaoe.example.pt", "http://intranet.example:8080"],
  port: 3210,
  trust: (address) => address === "127.0.0.1",
  protocolOf: () => "http",
});

describe("the trusted origin of a request", () => {
  it("with no public origin, answers only the loopback names on the listening port, and says so at start", () => {
    for (const host of ["localhost:3210", "127.0.0.1:3210", "[::1]:3210", "LOCALHOST:3210"]) {
      const request = req(host);
      expect(local.check(request)).toMatchObject({ ok: true });
      expect(requestOrigin(request)).toBe(`http://${host.toLowerCase()}`);
    }
    for (const host of ["localhost:3000", "localhost", "areaoe.example.pt", "10.0.0.5:3210"]) expect(local.check(req(host))).toEqual({ ok: false, status: 421 });
    expect(originsWarning(local)).toMatch(/only http:\/\/localhost:3210, http:\/\/127.0.0.1:3210, http:\/\/\[::1\]:3210 are answered/);
    expect(originsWarning(configured)).toBeUndefined();
  });

  it("with public origins, the configured origin (scheme included) is the request's, never the header as sent", () => {
    const request = req("AreaOE.Example.PT");
    expect(configured.check(request)).toEqual({ ok: true, origin: "https://areaoe.example.pt" });
    expect(requestOrigin(request)).toBe("https://areaoe.example.pt");
    expect(configured.check(req("intranet.example:8080"))).toEqual({ ok: true, origin: "http://intranet.example:8080" });
    expect(configured.check(req("localhost:3210"))).toEqual({ ok: false, status: 421 });
    expect(configured.check(req("areaoe.example.pt:8443"))).toEqual({ ok: false, status: 421 });
  });

  it("400 for a malformed or missing Host", () => {
    for (const host of [undefined, "", 'a"><x', "a b", "host:99999", "host:port", "x".repeat(400), "[zz::1]", "a/b", "user@host"]) {
      expect(configured.check(req(host))).toEqual({ ok: false, status: 400 });
    }
  });

  it("reads X-Forwarded-Host only from a trusted proxy", () => {
    expect(configured.check(req("backend:3000", { remote: "127.0.0.1", forwardedHost: "areaoe.example.pt" }))).toMatchObject({ ok: true });
    expect(configured.check(req("areaoe.example.pt", { remote: "203.0.113.9", forwardedHost: "evil.example" }))).toMatchObject({ ok: true });
    expect(configured.check(req("backend:3000", { remote: "203.0.113.9", forwardedHost: "areaoe.example.pt" }))).toEqual({ ok: false, status: 421 });
  });

  it("the guard answers 421/400 itself with one info line and no stack; the health check is exempt", () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    const guard = hostGuard(configured, { logger, exempt: (request) => request.url === "/areaOE/api/health" });
    const answers: { status: number; body: string }[] = [];
    const res = () =>
      ({
        writeHead(status: number) {
          answers.push({ status, body: "" });
        },
        end(body: string) {
          (answers.at(-1) as { body: string }).body = body;
        },
      }) as unknown as ServerResponse;
    expect(guard(req("evil.example"), res())).toBe(false);
    expect(guard(req('a"><x'), res())).toBe(false);
    expect(guard(req("evil.example", { url: "/areaOE/api/health" }), res())).toBe(true);
    expect(guard(req("areaoe.example.pt"), res())).toBe(true);
    expect(answers.map((answer) => answer.status)).toEqual([421, 400]);
    expect(answers[0]?.body).not.toMatch(/evil/);
    expect(lines).toHaveLength(2);
    const parsed = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    expect(parsed.map((line) => line.level)).toEqual([30, 30]);
    expect(parsed.every((line) => line.err === undefined)).toBe(true);
  });
});
