// The server's own pages over real HTTP: an Express app with the portal's nonce and policy middleware,
// the error page, the 429 answer, the busy page and a sign-in problem page, each in the frame of
// app/render/server-page.tsx with the portal's stylesheet allowed by the response's nonce.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTAL_STYLESHEET_HREF, SIGN_IN_PATH } from "../../app/server-surface";
import { cspNonce, securityHeaders } from "./security-headers";
import { languageMiddleware } from "./language";
import { sendPlainErrorPage } from "./plain-error-page";
import { tooManyAnswer } from "./client-budget";
import { sendBusy } from "./busy";
import { setServerPageStylesheets } from "./server-page";
import { authRoutes } from "../auth/auth-routes";
import { hostGuard, trustedOrigins } from "./trusted-origin";

const CSS = Buffer.from(":root{--colour-text:#0b0c0c}");
let server: Server;
let base = "";
let guard: ReturnType<typeof hostGuard> | undefined;

beforeAll(async () => {
  setServerPageStylesheets((href) => (href === PORTAL_STYLESHEET_HREF ? CSS : undefined));
  const app = express();
  app.use((req, res, next) => (guard?.(req, res) ? next() : undefined));
  app.use(cspNonce, securityHeaders());
  // Before the language middleware: the page negotiates by itself.
  app.get("/early-404", (req, res) => sendPlainErrorPage(req, res, 404));
  app.use("/areaOE", languageMiddleware);
  app.get("/areaOE/405", (req, res) => sendPlainErrorPage(req, res, 405));
  app.get("/areaOE/busy", sendBusy);
  const tooMany = tooManyAnswer({ windowMs: 1_000 });
  app.get("/areaOE/429", (req, res) => tooMany(req, res, 7, "renders"));
  app.use(authRoutes({ mode: "disabled" } as never, pino({ level: "silent" }), null));
  const port = await new Promise<number>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
  base = `http://127.0.0.1:${port}`;
  guard = hostGuard(trustedOrigins({ publicOrigins: [], port, trust: () => false, protocolOf: () => "http" }), {});
});

afterAll(async () => {
  setServerPageStylesheets(() => undefined);
  await new Promise((resolve) => server.close(resolve));
});

/** The inline stylesheet is the portal's bytes and carries exactly the nonce the policy allows. */
function expectStyledByNonce(response: Response, html: string) {
  const nonce = /style-src [^;]*'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  expect(nonce).toBeDefined();
  expect(html).toContain(`<style nonce="${nonce}" data-href="${PORTAL_STYLESHEET_HREF}">${CSS.toString()}</style></head>`);
  expect(html).not.toContain("<script");
  expect(html).not.toContain("auth.css");
}

const browser = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

describe("the server's own pages", () => {
  it("error page: status, no-store, the visitor's language from the cookie before the language middleware, the portal's frame", async () => {
    const response = await fetch(`${base}/early-404`, { headers: { cookie: "lang=en", "accept-language": "pt" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("<title>Error 404 | areaOE</title>");
    expect(html).toContain("<h1>Error 404</h1><p>The feature you are trying to access is not available.</p>");
    expect(html).toContain('class="skip-link">Skip to main content</a>');
    expectStyledByNonce(response, html);
  });

  it("error page: ?lang= wins, then the language middleware's choice; HEAD gets no body", async () => {
    expect(await (await fetch(`${base}/early-404?lang=pt`, { headers: { cookie: "lang=en" } })).text()).toContain("<h1>Erro 404</h1>");
    const pt = await fetch(`${base}/areaOE/405`, { headers: { "accept-language": "pt-PT" } });
    expect(pt.status).toBe(405);
    expect(await pt.text()).toContain("Este método não é permitido neste endereço.");
    const head = await fetch(`${base}/areaOE/405`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([405, ""]);
  });

  it("429: the error page with Retry-After for a browser; one line of plain text for other clients, interpolated by t", async () => {
    const page = await fetch(`${base}/areaOE/429`, { headers: { ...browser, "accept-language": "en" } });
    expect([page.status, page.headers.get("retry-after"), page.headers.get("content-type")]).toEqual([429, "7", "text/html; charset=utf-8"]);
    const html = await page.text();
    expect(html).toContain("<h1>Error 429</h1><p>Too many requests from this address. Wait 7 s and try again.</p>");
    expectStyledByNonce(page, html);
    const plain = await fetch(`${base}/areaOE/429`, { headers: { "accept-language": "pt" } });
    expect([plain.status, plain.headers.get("content-type")]).toEqual([429, "text/plain; charset=utf-8"]);
    expect(await plain.text()).toBe("Demasiados pedidos deste endereço. Aguarde 7 s e tente de novo.\n");
  });

  it("busy: 503 with Retry-After, never stored, a link that tries the same address again", async () => {
    const response = await fetch(`${base}/areaOE/busy?x=%22%3E`, { headers: { "accept-language": "pt" } });
    expect([response.status, response.headers.get("retry-after"), response.headers.get("cache-control")]).toEqual([503, "5", "no-store"]);
    const html = await response.text();
    expect(html).toContain("<h1>Serviço ocupado</h1>");
    expect(html).toContain('<a href="/areaOE/busy?x=%22%3E">');
    expectStyledByNonce(response, html);
  });

  it("sign-in problem: the session texts in the frame, with the way home as a button", async () => {
    const response = await fetch(`${base}${SIGN_IN_PATH}?lang=en`);
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("<h1>Sign-in is not available</h1><p>Sign-in to the finance portal is not configured on this server.</p>");
    expect(html).toContain('<a class="button button--secondary" href="/areaOE/">Back to the homepage</a>');
    // "disabled" offers no fresh sign-in: it would fail again.
    expect(html).not.toContain("Log in again");
    expectStyledByNonce(response, html);
  });
});
