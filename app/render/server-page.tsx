import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import escapeHtml from "escape-html";
import portalStylesheet from "~/styles/portal.css?url";
import { assetPath, BASE_URL } from "~/config/paths";
import type { Language } from "~/i18n/languages";
import { serverT } from "~/i18n/server-texts";
import { inlineStylesheet } from "./inline-stylesheet";

/** The address of the portal's stylesheet in the client build (the server holds its bytes by it). */
export const PORTAL_STYLESHEET_HREF: string = portalStylesheet;

/** The request's id on an error page (serverPageHtml's `reference`), for the visitor to quote. */
const RequestReference = createContext<string | undefined>(undefined);

export interface ServerPageProps {
  lang: Language;
  /** The page's own title; the frame adds the site's name, as the portal's pages do. */
  title: string;
  children: ReactNode;
}

/**
 * The one frame of the pages the server writes outside React Router (errors, the "busy" page, the
 * sign-in problems, the demo identity provider): the portal's language attributes, skip link, header
 * with the site's name and a `main` to skip to, styled by the portal's own stylesheet. No script, no
 * navigation that needs the root loader's data: these pages are answered when rendering a page failed
 * or was refused.
 */
export function ServerPage({ lang, title, children }: ServerPageProps) {
  const t = serverT(lang, "common");
  const reference = useContext(RequestReference);
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${t("siteName")}`}</title>
        <link rel="icon" href={assetPath("favicon.svg")} type="image/svg+xml" />
      </head>
      <body id="top">
        <a href="#main-content" className="skip-link">
          {t("skipLink")}
        </a>
        <header className="site-header">
          <div className="container site-header__inner">
            <a href={BASE_URL} className="site-header__brand">
              <span className="site-header__name">{t("siteName")}</span>
              <span className="site-header__title">{t("siteTitle")}</span>
              <span className="visually-hidden">{t("homeLink")}</span>
            </a>
          </div>
        </header>
        <div className="container page-layout">
          <main id="main-content" tabIndex={-1} className="page-layout__main prose">
            {children}
            {reference === undefined ? null : (
              <p>
                {t("requestReference")} <code>{reference}</code>
              </p>
            )}
          </main>
        </div>
      </body>
    </html>
  );
}

export interface ServerPageStyles {
  /** The portal stylesheet's bytes (the client build's file); absent in development, where Vite serves it. */
  css?: Buffer;
  /** This response's CSP nonce, which allows the inline stylesheet. */
  nonce?: string;
  /** The request's id, shown on an error page ("quote this reference"). */
  reference?: string;
}

/**
 * A server page as the HTML document to send: the portal's stylesheet goes into its head inline (with
 * the response's nonce), as on every page of the portal; without the bytes (development), a link to it.
 */
export function serverPageHtml(page: ReactElement, { css, nonce, reference }: ServerPageStyles): string {
  const html = renderToStaticMarkup(reference === undefined ? page : <RequestReference value={reference}>{page}</RequestReference>);
  const style = css
    ? inlineStylesheet(PORTAL_STYLESHEET_HREF, css, nonce).toString("utf8")
    : `<link rel="stylesheet" href="${escapeHtml(PORTAL_STYLESHEET_HREF)}">`;
  const at = html.indexOf("</head>");
  return `<!DOCTYPE html>${at < 0 ? html : html.slice(0, at) + style + html.slice(at)}`;
}
