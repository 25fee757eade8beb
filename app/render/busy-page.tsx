import type { Language } from "~/i18n/languages";
import { serverT } from "~/i18n/server-texts";
import { ServerPage, serverPageHtml, type ServerPageStyles } from "./server-page";

/** Seconds a visitor (or crawler) is asked to wait after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** The headers of every overload answer: nothing may keep it, and the client is told when to come back. */
export const BUSY_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
} as const;

/**
 * The page shown when the server is overloaded (not broken), in the visitor's language, no script,
 * with a link that tries the same address again.
 */
export function BusyPage({ lang, path }: { lang: Language; path: string }) {
  const t = serverT(lang, "common", "busy");
  return (
    <ServerPage lang={lang} title={t("title")}>
      <h1>{t("title")}</h1>
      <p>{t("message")}</p>
      <p>
        <a href={path}>{t("retry")}</a>
      </p>
    </ServerPage>
  );
}

export function busyPageHtml({ lang, path, ...styles }: { lang: Language; path: string } & ServerPageStyles): string {
  return serverPageHtml(<BusyPage lang={lang} path={path} />, styles);
}

/** A 503 with Retry-After for a render that ran out of time (see entry.server). */
export function busyResponse({ lang, url, headers, ...styles }: { lang: Language; url: string; headers: Headers } & ServerPageStyles): Response {
  const { pathname, search } = new URL(url);
  for (const [name, value] of Object.entries(BUSY_HEADERS)) headers.set(name, value);
  return new Response(busyPageHtml({ lang, path: pathname + search, ...styles }), { status: 503, headers });
}
