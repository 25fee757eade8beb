import { LANGUAGE_QUERY } from "~/i18n/languages";

/**
 * The small enhancement of a page with a form its server answers (AnsweredToolPanel, the time-limits
 * list). Without scripts, the language switch's links (real links) carry the page's query and the
 * section that query answers (the route's `handle`, app/components/layout/language-switcher.tsx), since
 * a fragment never reaches the server. With them, this module (inline, allowed by its CSP hash on a page
 * of text, by the nonce on a page with islands; added by the server only to pages that hold such a form)
 * keeps those links on the page's current address: its query after a browser answer (an island answers
 * through `history.pushState`) and the fragment the visitor is at (an in-page link, a table row). The
 * links are rewritten when pointed at, focused or followed.
 *
 * It is never bundled: `answeredPageScript()` writes this function's own source into the page, so it
 * must not use anything from outside its body (its settings come as the argument).
 */
export const ANSWERED_PANEL_ATTRIBUTE = "data-answered-panel";
/** On each link of the language switch, its value the language (app/components/layout/language-switcher.tsx). */
export const LANGUAGE_LINK_ATTRIBUTE = "data-language-link";
/** Marks the server's `<script>` (the image preview's uses the same attribute). */
export const ANSWERED_PAGE_SCRIPT_ATTRIBUTE = "data-enhancement";

export interface AnsweredPageSettings {
  languageLink: string;
  languageQuery: string;
}

export function enhanceAnsweredPage({ languageLink, languageQuery }: AnsweredPageSettings): void {
  const flag = "__areaoeAnsweredPage";
  const scope = window as unknown as Record<string, boolean>;
  if (scope[flag]) return;
  scope[flag] = true;
  const keepAddress = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${languageLink}]`) : null;
    const lang = target?.getAttribute(languageLink);
    if (!target || !lang) return;
    const url = new URL(window.location.href);
    url.searchParams.set(languageQuery, lang);
    // No fragment in the address: the section the server gave the link (the one its query answers).
    if (!url.hash) url.hash = new URL(target.href, window.location.href).hash;
    target.href = `${url.pathname}${url.search}${url.hash}`;
  };
  for (const type of ["pointerover", "focusin", "click", "auxclick"]) document.addEventListener(type, keepAddress, true);
}

let source: string | undefined;

/** The module's text, the same for every page of a build (what a CSP hash covers). */
export function answeredPageSource(): string {
  const settings: AnsweredPageSettings = { languageLink: LANGUAGE_LINK_ATTRIBUTE, languageQuery: LANGUAGE_QUERY };
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
