import { ALWAYS_LOADED_NAMESPACES } from "./locale-files";
import { jsonInScript } from "~/lib/json-in-script";

/**
 * What the server tells the browser about the page's texts, in a JSON data block in <head> (no script
 * runs it, so the CSP is not involved): the namespaces the server render used, which the browser
 * loads before hydrating (their chunks are preloaded beside it), and the other languages' names for
 * the language switcher, which writes each language's name in that language.
 */
export interface I18nBootstrap {
  namespaces: string[];
  languageNames: Record<string, Record<string, string>>;
}

export const I18N_BOOTSTRAP_ID = "areaoe-i18n";

/** The <script type="application/json"> element; `<` is escaped so no text can close it. */
export function bootstrapElement(bootstrap: I18nBootstrap): string {
  const json = jsonInScript(bootstrap);
  return `<script type="application/json" id="${I18N_BOOTSTRAP_ID}">${json}</script>`;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" && value !== null && Object.values(value).every((text) => typeof text === "string");

/** The bootstrap of the current document; a missing or malformed one still loads the default namespaces. */
export function readBootstrap(doc: Document): I18nBootstrap {
  const fallback: I18nBootstrap = { namespaces: [...ALWAYS_LOADED_NAMESPACES], languageNames: {} };
  const text = doc.getElementById(I18N_BOOTSTRAP_ID)?.textContent;
  if (!text) return fallback;
  try {
    const parsed = JSON.parse(text) as Partial<I18nBootstrap>;
    const namespaces = Array.isArray(parsed.namespaces) ? parsed.namespaces.filter((ns) => typeof ns === "string") : [];
    const languageNames = Object.fromEntries(
      Object.entries(parsed.languageNames ?? {}).filter((entry): entry is [string, Record<string, string>] => isStringRecord(entry[1])),
    );
    return { namespaces: [...new Set([...ALWAYS_LOADED_NAMESPACES, ...namespaces])], languageNames };
  } catch {
    return fallback;
  }
}
