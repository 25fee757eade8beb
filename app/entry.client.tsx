import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import i18next from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { baseI18nOptions } from "./i18n/create-i18n";
import { LANGUAGE_COOKIE, LANGUAGE_QUERY } from "./i18n/languages";
import { installRouteModuleLoader } from "./features/errors/route-module-loader";
import { installGlobalErrorHandlers } from "./features/errors/error-reporting";
import { setNonce } from "get-nonce";

// Before hydration: page-chunk failures get one guarded reload, and uncaught errors are reported.
installRouteModuleLoader();
installGlobalErrorHandlers();
// Radix's scroll lock adds <style> elements; give them this page's CSP nonce (the browser hides the
// attribute but keeps the `nonce` property of the server-rendered scripts).
const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (pageNonce) setNonce(pageNonce);

// The server already negotiated the language (query, cookie, Accept-Language, pt) and wrote it into
// <html lang>; the detector reads the same sources in the same order so hydration matches (the
// cookie is httpOnly, so after the query it is <html lang> that carries the cookie's choice).
void i18next
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ...baseI18nOptions,
    detection: {
      order: ["querystring", "cookie", "htmlTag"],
      lookupQuerystring: LANGUAGE_QUERY,
      lookupCookie: LANGUAGE_COOKIE,
      caches: [],
    },
  })
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
