import { LANGUAGE_QUERY } from "~/i18n/languages";

/**
 * The small enhancement of a page with a form its server answers (AnsweredToolPanel, the time-limits
 * list): without scripts, the form's address ends with `#<panel id>`, so the page opens at the answer or
 * the error summary; with them, this module (inline, allowed by its CSP hash on a page of text, by the
 * nonce on a page with islands; added by the server only to pages that hold such a form):
 * - focuses what the server marked (ANSWER_FOCUS_ATTRIBUTE: the answer, or the error summary) inside the
 *   panel the address's fragment names, so keyboard and screen-reader users land on it (GOV.UK);
 * - keeps the language switch's links on the page's current address, query and fragment included
 *   (after a browser answer the query changed; a fragment never reaches the server, which only adds the
 *   section its query answers). The links are rewritten when pointed at, focused or followed.
 *
 * It is never bundled: `answeredPageScript()` writes this function's own source into the page, so it
 * must not use anything from outside its body (its settings come as the argument).
 */
export const ANSWERED_PANEL_ATTRIBUTE = "data-answered-panel";
/** On the element to focus once the page has loaded: the server's answer, or its error summary. */
export const ANSWER_FOCUS_ATTRIBUTE = "data-answer-focus";
/** On each link of the language switch, its value the language (app/components/layout/language-switcher.tsx). */
export const LANGUAGE_LINK_ATTRIBUTE = "data-language-link";
/** Marks the server's `<script>` (the image preview's uses the same attribute). */
export const ANSWERED_PAGE_SCRIPT_ATTRIBUTE = "data-enhancement";

export interface AnsweredPageSettings {
  panel: string;
  focus: string;
  languageLink: string;
  languageQuery: string;
}

export function enhanceAnsweredPage({ panel, focus, languageLink, languageQuery }: AnsweredPageSettings): void {
  const flag = "__areaoeAnsweredPage";
  const scope = window as unknown as Record<string, boolean>;
  if (scope[flag]) return;
  scope[flag] = true;
  let id = "";
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    id = "";
  }
  const section = id ? document.getElementById(id) : null;
  if (section && section.hasAttribute(panel)) section.querySelector<HTMLElement>(`[${focus}]`)?.focus();
  const keepAddress = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${languageLink}]`) : null;
    const lang = target?.getAttribute(languageLink);
    if (!target || !lang) return;
    const url = new URL(window.location.href);
    url.searchParams.set(languageQuery, lang);
    if (!url.hash) url.hash = new URL(target.href, window.location.href).hash;
    target.href = `${url.pathname}${url.search}${url.hash}`;
  };
  for (const type of ["pointerover", "focusin", "click", "auxclick"]) document.addEventListener(type, keepAddress, true);
}

let source: string | undefined;

/** The module's text, the same for every page of a build (what a CSP hash covers). */
export function answeredPageSource(): string {
  const settings: AnsweredPageSettings = {
    panel: ANSWERED_PANEL_ATTRIBUTE,
    focus: ANSWER_FOCUS_ATTRIBUTE,
    languageLink: LANGUAGE_LINK_ATTRIBUTE,
    languageQuery: LANGUAGE_QUERY,
  };
  source ??= `(${enhanceAnsweredPage.toString()})(${JSON.stringify(settings)})`.replace(/<\//g, "<\\/");
  return source;
}

/**
 * The inline module the server adds to a page with an answered form: with the page's CSP nonce, or none
 * on a static document (its policy allows the module by the hash of `answeredPageSource()`).
 */
export function answeredPageScript(nonce?: string): string {
  const attribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  return `<script type="module"${attribute} ${ANSWERED_PAGE_SCRIPT_ATTRIBUTE}="answered-page">${answeredPageSource()}</script>`;
}
