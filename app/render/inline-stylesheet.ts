import escapeHtml from "escape-html";

const STYLE_END = Buffer.from("</style>");

/**
 * The server's half of the portal stylesheet (see portal-stylesheet.tsx): a `<style>` element around
 * the build's CSS, as bytes, ready to go into the head; with the page's CSP nonce, or none on a static
 * document (whose policy allows the CSS by its hash). The CSS is the client build's file, read once at
 * start (it holds no `</style`: server/http/stylesheets.ts checks).
 */
export function inlineStylesheet(href: string, css: Buffer, nonce?: string): Buffer {
  const attribute = nonce === undefined ? "" : `nonce="${escapeHtml(nonce)}" `;
  return Buffer.concat([Buffer.from(`<style ${attribute}data-href="${escapeHtml(href)}">`), css, STYLE_END]);
}
