import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { I18nextProvider } from "react-i18next";
import { createServerI18n } from "./i18n/create-i18n";
import { i18nHeadElements } from "./i18n/i18n-head";
import { renderToHtml } from "./render/render-to-html";
import { inlineStylesheet } from "./render/inline-stylesheet";
import portalStylesheet from "./styles/portal.css?url";
import { busyResponse } from "./render/busy-page";
import { contentHeadElements } from "./features/content/content-bootstrap";
import { portalContext } from "./load-context";

export const streamTimeout = 5_000;
/** A render still running after this is an overload: the visitor gets a 503 with Retry-After. */
export const renderTimeoutMs = streamTimeout + 1_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  routerLoadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const loadContext = portalContext(routerLoadContext);
  const i18n = createServerI18n(loadContext.lang);
  const nonce = loadContext.cspNonce;
  const outcome = await renderToHtml(
    <I18nextProvider i18n={i18n}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </I18nextProvider>,
    { nonce, timeoutMs: renderTimeoutMs, onError: (error) => console.error(error) },
  );
  if (outcome.kind === "timeout") {
    return busyResponse({ t: i18n.getFixedT(loadContext.lang), lang: loadContext.lang, url: request.url, headers: responseHeaders });
  }
  // The page's texts: preload exactly the namespaces this render used, in its language only.
  // And the page's content file, which the browser loads before hydrating (content pages only; their
  // route id is the page id).
  const leaf = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
  const head =
    i18nHeadElements(i18n, loadContext.lang, loadContext.localeChunks) +
    contentHeadElements(leaf, loadContext.lang, loadContext.localeChunks);
  // The portal's stylesheet goes into the page itself (app/render/portal-stylesheet.tsx); in
  // development Vite serves it and the root links it.
  const css = loadContext.stylesheet(portalStylesheet);
  if (!css && !import.meta.env.DEV) throw new Error(`The stylesheet ${portalStylesheet} is not in the client build: the server and client builds differ.`);
  const headBytes = [Buffer.from(head), ...(css ? [inlineStylesheet(portalStylesheet, css, nonce)] : [])];
  // Inserted into the bytes as rendered: no decoding of the whole document and encoding it again.
  const at = outcome.html.indexOf("</head>");
  const html = at < 0 ? outcome.html : Buffer.concat([outcome.html.subarray(0, at), ...headBytes, outcome.html.subarray(at)]);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: outcome.hadErrors ? 500 : responseStatusCode });
}
