import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonce, securityHeaders, staticDocumentHeaders } from "./security-headers";

const SOURCES = { scripts: ["'sha256-c2NyaXB0'", "'sha256-bW9kdWxl'"], styles: ["'sha256-c3R5bGU='"] };

let server: Server;
let origin = "";

beforeAll(async () => {
  const app = express();
  const markStatic = staticDocumentHeaders({ connectSrc: ["https://reports.example"] });
  app.use(cspNonce, securityHeaders({ connectSrc: ["https://reports.example"] }));
  // A page of text (a static document) and any other answer, through the same chain.
  app.get("/text", (req, res) => {
    markStatic(req, res, SOURCES);
    res.send("<p>text</p>");
  });
  app.get("/form", (_req, res) => res.send("<form></form>"));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const directive = (csp: string, name: string) => new RegExp(`(?:^|;)${name} ([^;]*)`).exec(csp)?.[1];

describe("staticDocumentHeaders", () => {
  it("allows a static document's inline elements by their hashes, with no nonce and no COOP", async () => {
    const response = await fetch(`${origin}/text`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(directive(csp, "script-src")).toBe("'self' 'sha256-c2NyaXB0' 'sha256-bW9kdWxl'");
    expect(directive(csp, "style-src")).toBe("'self' 'sha256-c3R5bGU='");
    expect(csp).not.toContain("nonce-");
    expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
    // Everything else of the policy and the other security headers as on every answer.
    expect(directive(csp, "connect-src")).toBe("'self' https://reports.example");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("leaves every other answer with this response's nonce and COOP", async () => {
    const [a, b] = [await fetch(`${origin}/form`), await fetch(`${origin}/form`)];
    const nonces = [a, b].map((response) => directive(response.headers.get("content-security-policy") ?? "", "script-src"));
    expect(nonces[0]).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(directive(a.headers.get("content-security-policy") ?? "", "style-src")).toMatch(/^'self' 'nonce-/);
    expect(a.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
