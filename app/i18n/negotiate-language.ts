import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

export interface LanguageSources {
  /** The `?lang=` query value, if any. */
  query?: string | null;
  /** The `lang` cookie value, if any. */
  cookie?: string | null;
  /** The raw Accept-Language header, if any. */
  acceptLanguage?: string | null;
}

/**
 * Picks the best supported language from an Accept-Language header (RFC 9110 §12.5.4): highest
 * q-value first, ties in header order; "pt-BR" counts as "pt". Returns undefined when none matches.
 */
export function pickFromAcceptLanguage(header: string): Language | undefined {
  const candidates = header
    .slice(0, 1024)
    .split(",")
    .map((part, position) => {
      const [range = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { base: range.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0, position };
    })
    .filter((c) => c.q > 0 && isLanguage(c.base))
    .sort((a, b) => b.q - a.q || a.position - b.position);
  const best = candidates[0]?.base;
  return isLanguage(best) ? best : undefined;
}

/**
 * The negotiation order of ARCHITECTURE.md, the same on server and client: `?lang=` query, then the
 * `lang` cookie, then Accept-Language, then Portuguese. Unknown values are ignored, never an error.
 */
export function negotiateLanguage(sources: LanguageSources): Language {
  if (isLanguage(sources.query)) return sources.query;
  if (isLanguage(sources.cookie)) return sources.cookie;
  if (sources.acceptLanguage) {
    const fromHeader = pickFromAcceptLanguage(sources.acceptLanguage);
    if (fromHeader) return fromHeader;
  }
  return DEFAULT_LANGUAGE;
}
