import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { TextsContext } from "~/i18n/texts-context";
import { createRenderTexts } from "~/i18n/server-texts";
import { renderToHtml } from "~/render/render-to-html";
import { inlineStylesheet } from "~/render/inline-stylesheet";
import portalStylesheet from "./styles/portal.css?url";
import { busyResponse } from "~/render/busy-page";
import { portalContext } from "./load-context";
import { pageHasIslands } from "~/config/hydration";
import { pageIdIsOpenerIsolated } from "~/config/site-map";
import { renderToString } from "react-dom/server";
import { createIslandRenderer, IslandRendererContext } from "~/islands/island";
import { dedupeIslandTexts, islandHeadElements, islandsIn } from "~/islands/island-head";
import { asksForRenderFault } from "~/features/errors/fault-query";
import { speculationRulesElement, speculationRulesText } from "~/render/speculation-rules";
import { cspHash } from "~/render/inline-hash";
import { IMAGE_PREVIEW_ATTRIBUTE, imagePreviewScript, imagePreviewSource } from "~/components/ui/image-preview/image-preview-script";
import { ANSWERED_PANEL_ATTRIBUTE, answeredPageScript, answeredPageSource } from "~/components/ui/tool-panel/answered-page-script";
import { BASE_PATH } from "~/config/paths";
import { reportServerError } from "~/render/server-log";
import { RequestReferenceContext } from "~/features/errors/request-reference";

export const streamTimeout = 5_000;
/** A render still running after this is an overload: the visitor gets a 503 with Retry-After. */
export const renderTimeoutMs = streamTimeout + 1_000;

/**
 * React Router's errors (loaders, actions, its own refusals) go to the server's log as one record
 * each, refusals at info without a stack (app/render/server-log.ts), never to the console.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  reportServerError(error, request);
}

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
  const texts = createRenderTexts(loadContext.lang);
  const nonce = loadContext.cspNonce;
  // React Router renders on the server only (docs/decisions/0020): no page carries its scripts. Every page
  // gets the speculation rules (the links the visitor points at are prefetched); a tool page whose widgets
  // are islands (app/config/hydration.ts, app/islands/island.tsx) gets its islands' manifest and loader too,
  // and keeps the nonce (never a static document).
  const { matches, errors } = routerContext.staticHandlerContext;
  const routeIds = matches.map((match) => match.route.id);
  const firstError = errors ? Object.values(errors)[0] : undefined;
  const islands = pageHasIslands(routeIds, firstError);
  // A static document: an anonymous page of text answered 200. It is rendered without the nonce
  // (nothing in it varies per response), and its inline elements are allowed by their hashes, so
  // every visitor can get the same bytes. Pages with islands, signed-in pages and errors keep the
  // nonce; so does a page of text whose render failed (rendered again with it).
  const staticCandidate = !islands && loadContext.session === null && loadContext.onStaticDocument !== undefined && responseStatusCode === 200;
  // An error answer (the unavailable screen of a 404, the screen of an unexpected failure) shows the
  // request's id to quote; a page that may be stored (200) is rendered without it, so no stored page
  // carries a visitor's id (app/features/errors/request-reference.tsx).
  const reference = responseStatusCode >= 400 && loadContext.requestId ? loadContext.requestId : undefined;
  const render = (withNonce: string | undefined) =>
    renderToHtml(
      <TextsContext value={texts}>
        {/* Only a page with islands can hold one: an <Island> elsewhere fails the render (it would never hydrate). */}
        <IslandRendererContext value={islands ? createIslandRenderer(renderToString) : null}>
          <RequestReferenceContext value={reference}>
            <ServerRouter context={routerContext} url={request.url} nonce={withNonce} />
          </RequestReferenceContext>
        </IslandRendererContext>
      </TextsContext>,
      { nonce: withNonce, timeoutMs: renderTimeoutMs, onError: (error) => reportServerError(error, request) },
    );
  let outcome = await render(staticCandidate ? undefined : nonce);
  if (staticCandidate && outcome.kind === "html" && outcome.hadErrors) outcome = await render(nonce);
  if (outcome.kind === "timeout") {
    return busyResponse({ lang: loadContext.lang, url: request.url, headers: responseHeaders, css: loadContext.stylesheet(portalStylesheet), nonce });
  }
  const isStatic = staticCandidate && !outcome.hadErrors && !outcome.html.includes(nonce);
  const elementNonce = isStatic ? undefined : nonce;
  const scriptTexts = [speculationRulesText(BASE_PATH)];
  let head = speculationRulesElement(BASE_PATH, elementNonce);
  let body = outcome.html;
  if (islands) {
    // Each text namespace once in the page's islands' JSON (app/islands/island-head.ts).
    const page = dedupeIslandTexts(outcome.html.toString("utf8"));
    body = Buffer.from(page);
    head += islandHeadElements(islandsIn(page), {
      assets: loadContext.islandAssets,
      nonce: elementNonce,
      reporting: loadContext.publicConfig.errorReporting,
      // Test-only (app/islands/island-fault.tsx): the setting on and the address asking for the fault.
      faultInjection: loadContext.publicConfig.faultInjection === true && asksForRenderFault(new URL(request.url).search),
    });
  }
  // A page with an image preview gets its one small module (app/components/ui/image-preview/image-preview-script.ts).
  if (outcome.html.includes(`${IMAGE_PREVIEW_ATTRIBUTE}=`)) {
    head += imagePreviewScript(elementNonce);
    scriptTexts.push(imagePreviewSource());
  }
  // A page with a form its server answers gets its one small module: focus on the answer, the language
  // switch on the current address (app/components/ui/tool-panel/answered-page-script.ts).
  if (outcome.html.includes(`${ANSWERED_PANEL_ATTRIBUTE}=`)) {
    head += answeredPageScript(elementNonce);
    scriptTexts.push(answeredPageSource());
  }
  // The portal's stylesheet goes into the page itself (app/render/portal-stylesheet.tsx); in
  // development Vite serves it and the root links it.
  const css = loadContext.stylesheet(portalStylesheet);
  if (!css && !import.meta.env.DEV) throw new Error(`The stylesheet ${portalStylesheet} is not in the client build: the server and client builds differ.`);
  const headBytes = [Buffer.from(head), ...(css ? [inlineStylesheet(portalStylesheet, css, elementNonce)] : [])];
  if (isStatic) loadContext.onStaticDocument?.({ scripts: scriptTexts.map(cspHash), styles: css ? [cspHash(css)] : [] });
  // An anonymous page where no credential is entered (a page of text, a tool page but the header form and
  // the checker) holds no state a cross-origin window could reach: no COOP, whose browsing-context-group
  // switch costs a new renderer process at entry (docs/decisions/0004). Signed-in answers and errors keep it.
  if (loadContext.session === null && responseStatusCode === 200 && !outcome.hadErrors && !routeIds.some(pageIdIsOpenerIsolated)) {
    loadContext.withoutOpenerPolicy?.();
  }
  // Inserted into the bytes (as rendered; a page with islands was decoded once above, for its texts).
  const at = body.indexOf("</head>");
  const html = at < 0 ? body : Buffer.concat([body.subarray(0, at), ...headBytes, body.subarray(at)]);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: outcome.hadErrors ? 500 : responseStatusCode });
}
