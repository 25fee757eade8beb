import type { TFunction } from "i18next";

/** Seconds a visitor (or crawler) is asked to wait after a 503. */
export const RETRY_AFTER_SECONDS = 5;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The answer when a page could not be rendered in time: the server is overloaded, not broken. A 503
 * with Retry-After (crawlers come back, nothing is cached), a small self-contained page in the
 * visitor's language, no script, and a link that tries the same address again.
 */
export function busyResponse({ t, lang, url, headers }: { t: TFunction; lang: string; url: string; headers: Headers }): Response {
  const { pathname, search } = new URL(url);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  const title = escapeHtml(t("common:busy.title"));
  const body =
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | areaOE</title></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(t("common:busy.message"))}</p>` +
    `<p><a href="${escapeHtml(pathname + search)}">${escapeHtml(t("common:busy.retry"))}</a></p></main></body></html>`;
  return new Response(body, { status: 503, headers });
}
