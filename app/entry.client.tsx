import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { initClientI18n } from "./i18n/client-i18n";
import { readBootstrap } from "./i18n/i18n-bootstrap";
import { renderView } from "./i18n/render-view";
import { DEFAULT_LANGUAGE, isLanguage } from "./i18n/languages";
import { installRouteModuleLoader } from "./features/errors/route-module-loader";
import { installGlobalErrorHandlers, reportError } from "./features/errors/error-reporting";
import { setNonce } from "get-nonce";
import { readContentBootstrap } from "./features/content/content-bootstrap";
import { loadContent } from "./features/content/lazy-content";
import { startFirstHydration } from "./components/ui/first-hydration";

// Before hydration: page-chunk failures get one guarded reload, and uncaught errors are reported.
installRouteModuleLoader();
installGlobalErrorHandlers();
// Radix's scroll lock adds <style> elements; give them this page's CSP nonce (the browser hides the
// attribute but keeps the `nonce` property of the server-rendered scripts).
const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (pageNonce) setNonce(pageNonce);

// The server negotiated the language (query, cookie, Accept-Language, pt) and wrote it into
// <html lang>; the browser takes it from there and loads that language's texts only.
const htmlLang = document.documentElement.lang;
const lang = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
const texts = initClientI18n(lang, readBootstrap(document)).catch((error: unknown) => {
  reportError(error);
  return i18next;
});
// The page's content file (its chunk is preloaded by the server), so the first render matches the HTML.
const contentPage = readContentBootstrap(document);
const content = contentPage
  ? loadContent(contentPage, lang).catch((error: unknown) => {
      reportError(error);
    })
  : undefined;
// Hydrate even if a texts or content chunk failed to load: the page stays usable, and the error is reported.
void Promise.all([texts, content]).then(([i18n]) => {
  // Content widgets wait for this hydration to finish (app/mdx/lazy-component.tsx).
  startFirstHydration();
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={renderView(i18n)}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
});
