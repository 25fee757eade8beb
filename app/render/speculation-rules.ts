import escapeHtml from "escape-html";
import { jsonInScript } from "~/lib/json-in-script";

/**
 * On a page that is not hydrated, moving to another page is a normal page load. Speculation rules let
 * the browser (where it supports them) prefetch a link of the portal the visitor points at or presses
 * (`moderate` eagerness), so the next page is often there before the click. Only pages: never sign-in
 * or sign-out, the API, the sandbox, downloads, assets or images, a link to the other language (the
 * switcher's, `hreflang`: its answer sets the `lang` cookie) or a link with `download`. A link that
 * keeps the page's own `?lang=` (kept-language.ts) is prefetched: its answer sets the language the
 * visitor is already reading.
 */
export function speculationRules(basePath: string) {
  const under = (path: string) => ({ href_matches: `${basePath}/${path}` });
  return {
    prefetch: [
      {
        where: {
          and: [
            { href_matches: `${basePath}/*` },
            ...["auth/*", "api/*", "sandbox/*", "downloads/*", "assets/*", "diagrams/*", "dev-idp/*", "*.ics"].map(
              (path) => ({ not: under(path) }),
            ),
            { not: { selector_matches: "[download], [hreflang], [rel~='nofollow']" } },
          ],
        },
        eagerness: "moderate",
      },
    ],
  };
}

/** The text of the `<script type="speculationrules">` element (what a CSP hash covers). */
export function speculationRulesText(basePath: string): string {
  return jsonInScript(speculationRules(basePath));
}

/**
 * The `<script type="speculationrules">` element: with the page's CSP nonce, or none on a static
 * document (the policy then allows it by the hash of `speculationRulesText`).
 */
export function speculationRulesElement(basePath: string, nonce?: string): string {
  const attribute = nonce === undefined ? "" : ` nonce="${escapeHtml(nonce)}"`;
  return `<script type="speculationrules"${attribute}>${speculationRulesText(basePath)}</script>`;
}
