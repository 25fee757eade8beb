import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { trustedOrigins } from "../http/trusted-origin";
import { cacheTargetFor, isShareable } from "./cache-rules";

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
const response = (lang = "pt", session: unknown = null) => ({ locals: { lang, session } }) as unknown as Response;
const target = (url: string, options?: Parameters<typeof request>[1], lang?: string, session?: unknown) => cacheTargetFor(request(url, options), response(lang, session));
const key = (...args: Parameters<typeof target>) => target(...args)?.key;

describe("cacheTargetFor", () => {
  it("keys a page by language, explicit choice, origin and page: never the raw address", () => {
    expect(key("/areaOE/public/importacao")).toBe("pt https://portal.example import");
    expect(key("/areaOE/public/importacao", {}, "en")).toBe("en https://portal.example import");
    expect(key("/areaOE/public/importacao", { host: "other.example" })).toBe("pt https://other.example import");
    expect(key("/areaOE/public/importacao?lang=en", {}, "en")).toBe("en https://portal.example import ?lang");
    // The configured origin, never the header as written (case) or the connection's protocol (http here).
    expect(key("/areaOE/", { host: "PORTAL.Example" })).toBe("pt https://portal.example home");
  });

  it("renders the canonical address: a query that is not the page's own is not part of it", () => {
    expect(target("/areaOE/public/importacao?x=1")).toEqual({ key: "pt https://portal.example import", renderPath: "/areaOE/public/importacao" });
    expect(target("/areaOE/public/importacao?lang=en&utm_source=x", {}, "en")).toEqual({ key: "en https://portal.example import ?lang", renderPath: "/areaOE/public/importacao?lang=en" });
    // A ?lang= that is not the negotiated language (invalid) is not an explicit choice.
    expect(target("/areaOE/public/importacao?lang=fr")).toEqual({ key: "pt https://portal.example import", renderPath: "/areaOE/public/importacao" });
    const variants = Array.from({ length: 50 }, (_, i) => key(`/areaOE/public/importacao?x=${i}`));
    expect(new Set(variants).size).toBe(1);
  });

  it("a language cookie or other cookies do not prevent sharing; the language is in the key", () => {
    expect(key("/areaOE/", { cookie: "lang=en; theme=dark" }, "en")).toBe("en https://portal.example home");
  });

  it("a made-up session cookie does not bypass the cache; a session that decrypted does", () => {
    expect(key("/areaOE/", { cookie: "areaoe_session=x" })).toBe("pt https://portal.example home");
    expect(key("/areaOE/", {}, "pt", { nif: "555555550", name: "A", roles: [] })).toBeUndefined();
  });

  it("never for a page that answers its query, a test's fault injection, or two lang values", () => {
    expect(key("/areaOE/public/pesquisa?q=certificado")).toBeUndefined();
    expect(key("/areaOE/public/ivaExp?valor=1")).toBeUndefined();
    expect(key("/areaOE/public/importacao?__fault=render")).toBeUndefined();
    expect(key("/areaOE/public/importacao?lang=pt&lang=en")).toBeUndefined();
    // Without a query, those pages are shared like any other.
    expect(key("/areaOE/public/pesquisa")).toBe("pt https://portal.example search");
  });

  it("GET and HEAD share the entry; never for other methods, data requests, the route manifest or unknown addresses", () => {
    expect(key("/areaOE/", { method: "HEAD" })).toBe("pt https://portal.example home");
    expect(key("/areaOE/", { method: "POST" })).toBeUndefined();
    expect(key("/areaOE/public/importacao.data")).toBeUndefined();
    expect(key("/areaOE/__manifest")).toBeUndefined();
    expect(key("/areaOE/no-such-page")).toBeUndefined();
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
