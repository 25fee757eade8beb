import escapeHtml from "escape-html";
import type { TFunction } from "../i18n/small-t";

/** Seconds a visitor (or crawler) is asked to wait after a 503. */
export const RETRY_AFTER_SECONDS = 5;


/** The headers of every overload answer: nothing may keep it, and the client is told when to come back. */
export const BUSY_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
} as const;

/**
 * The page shown when the server is overloaded (not broken): small and self-contained, in the
 * visitor's language, no script, with a link that tries the same address again.
 */
export function busyPageHtml({ t, lang, path }: { t: TFunction; lang: string; path: string }): string {
  const title = escapeHtml(t("common:busy.title"));
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | areaOE</title></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(t("common:busy.message"))}</p>` +
    `<p><a href="${escapeHtml(path)}">${escapeHtml(t("common:busy.retry"))}</a></p></main></body></html>`
  );
}

/** A 503 with Retry-After for a render that ran out of time (see entry.server). */
export function busyResponse({ t, lang, url, headers }: { t: TFunction; lang: string; url: string; headers: Headers }): Response {
  const { pathname, search } = new URL(url);
  for (const [name, value] of Object.entries(BUSY_HEADERS)) headers.set(name, value);
  return new Response(busyPageHtml({ t, lang, path: pathname + search }), { status: 503, headers });
}
