import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startClientTexts } from "~/i18n/client-texts";
import { TextsContext } from "~/i18n/texts-context";
import { readBootstrap } from "~/i18n/i18n-bootstrap";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/languages";
import { installRouteModuleLoader } from "~/features/errors/route-module-loader";
import { installGlobalErrorHandlers, reportError } from "~/features/errors/error-reporting";
import { setNonce } from "get-nonce";
import { readContentBootstrap } from "~/features/content/content-bootstrap";
import { loadContent } from "~/features/content/lazy-content";
import { startFirstHydration } from "~/components/ui/hydration/first-hydration";
import { readRequestReference, RequestReferenceContext } from "~/features/errors/request-reference";

// Before hydration: page-chunk failures get one guarded reload, and uncaught errors are reported.
installRouteModuleLoader();
installGlobalErrorHandlers();
// Radix's scroll lock adds <style> elements; give them this page's CSP nonce (the browser hides the
// attribute but keeps the `nonce` property of the server-rendered scripts).
const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (pageNonce) setNonce(pageNonce);

// The server negotiated the language (query, cookie, Accept-Language, pt) and wrote it into
// <html lang>; the browser takes it from there and loads that language's texts only (the namespaces
// the server render used), read by a small `t` of our own: no i18next in the browser.
const htmlLang = document.documentElement.lang;
const lang = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
const clientTexts = startClientTexts(lang, readBootstrap(document));
const texts = clientTexts.ready.catch((error: unknown) => {
  reportError(error);
});
// The page's content file (its chunk is preloaded by the server), so the first render matches the HTML.
const contentPage = readContentBootstrap(document);
const content = contentPage
  ? loadContent(contentPage, lang).catch((error: unknown) => {
      reportError(error);
    })
  : undefined;
// An error page shows its request's id (the server wrote it): read back, so the first render matches.
const requestReference = readRequestReference(document);
// Hydrate even if a texts or content chunk failed to load: the page stays usable, and the error is reported.
void Promise.all([texts, content]).then(() => {
  // Content widgets wait for this hydration to finish (app/mdx/lazy-component.tsx).
  startFirstHydration();
  startTransition(() => {
    hydrateRoot(
      document,
      <TextsContext value={clientTexts.texts}>
        <RequestReferenceContext value={requestReference}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </RequestReferenceContext>
      </TextsContext>,
    );
  });
});
