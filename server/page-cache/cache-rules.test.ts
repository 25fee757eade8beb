import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { trustedOrigins } from "../http/trusted-origin";
import { cacheKeyFor, isShareable } from "./cache-rules";

// The Host check runs first in the server; here it matches each request to a configured origin.
const origins = trustedOrigins({
  publicOrigins: ["https://portal.example", "https://other.example"],
  port: 3000,
  trust: () => false,
  protocolOf: () => "http",
});

function request(url: string, { method = "GET", cookie, host = "portal.example" }: { method?: string; cookie?: string; host?: string } = {}) {
  const req = {
    method,
    originalUrl: url,
    url,
    socket: { remoteAddress: "203.0.113.9" },
    headers: { host, ...(cookie ? { cookie } : {}) },
  } as unknown as Request;
  expect(origins.check(req)).toMatchObject({ ok: true });
  return req;
}
const response = (lang = "pt") => ({ locals: { lang } }) as unknown as Response;
const key = (url: string, options?: Parameters<typeof request>[1], lang?: string) => cacheKeyFor(request(url, options), response(lang), "areaoe_session");

describe("cacheKeyFor", () => {
  it("keys an anonymous GET of a page by language, origin and address", () => {
    expect(key("/areaOE/public/importacao")).toBe("pt https://portal.example /areaOE/public/importacao");
    expect(key("/areaOE/public/importacao", {}, "en")).toBe("en https://portal.example /areaOE/public/importacao");
    expect(key("/areaOE/public/importacao", { host: "other.example" })).toBe("pt https://other.example /areaOE/public/importacao");
    expect(key("/areaOE/public/importacao?lang=en", {}, "en")).toBe("en https://portal.example /areaOE/public/importacao?lang=en");
    // The configured origin, never the header as written (case) or the connection's protocol (http here).
    expect(key("/areaOE/", { host: "PORTAL.Example" })).toBe("pt https://portal.example /areaOE/");
  });

  it("a language cookie or other cookies do not prevent sharing; the language is in the key", () => {
    expect(key("/areaOE/", { cookie: "lang=en; theme=dark" }, "en")).toBe("en https://portal.example /areaOE/");
  });

  it("never for a visitor with a session cookie, whatever its value", () => {
    expect(key("/areaOE/", { cookie: "areaoe_session=abc" })).toBeUndefined();
    expect(key("/areaOE/", { cookie: "lang=pt; areaoe_session=" })).toBeUndefined();
  });

  it("never for a query other than a valid lang (search results, fault injection, tracking)", () => {
    expect(key("/areaOE/public/pesquisa?q=certificado")).toBeUndefined();
    expect(key("/areaOE/public/importacao?lang=en&x=1")).toBeUndefined();
    expect(key("/areaOE/public/importacao?lang=fr")).toBeUndefined();
    expect(key("/areaOE/public/importacao?__fault=render")).toBeUndefined();
    expect(key("/areaOE/public/importacao?")).toBeUndefined();
  });

  it("never for other methods, data requests or the route manifest", () => {
    expect(key("/areaOE/", { method: "POST" })).toBeUndefined();
    expect(key("/areaOE/", { method: "HEAD" })).toBeUndefined();
    expect(key("/areaOE/public/importacao.data")).toBeUndefined();
    expect(key("/areaOE/__manifest")).toBeUndefined();
  });

  it("never without a negotiated language", () => {
    expect(key("/areaOE/", {}, "fr")).toBeUndefined();
  });
});

describe("isShareable", () => {
  const html = (init: ResponseInit & { headers?: Record<string, string> } = {}) =>
    new Response("<!doctype html>", { status: 200, ...init, headers: { "content-type": "text/html; charset=utf-8", ...init.headers } });

  it("accepts a plain 200 HTML page", () => {
    expect(isShareable(html())).toBe(true);
    expect(isShareable(html({ headers: { "cache-control": "no-cache" } }))).toBe(true);
  });

  it("refuses private or no-store pages, cookies, errors and non-HTML", () => {
    expect(isShareable(html({ headers: { "cache-control": "private, no-store" } }))).toBe(false);
    expect(isShareable(html({ headers: { "cache-control": "no-store" } }))).toBe(false);
    expect(isShareable(html({ headers: { "set-cookie": "a=b" } }))).toBe(false);
    expect(isShareable(html({ status: 404 }))).toBe(false);
    expect(isShareable(html({ status: 503 }))).toBe(false);
    expect(isShareable(new Response("{}", { headers: { "content-type": "application/json" } }))).toBe(false);
  });
});
