import { describe, expect, it } from "vitest";
import { PORTAL_STYLESHEET_HREF, ServerPage, serverPageHtml } from "./server-page";
import { busyPageHtml } from "./busy-page";
import { cspHash } from "./inline-hash";

const page = (lang: "pt" | "en") => (
  <ServerPage lang={lang} title="Título <com> marcas">
    <h1>Título</h1>
    <p>{"texto <b>não</b> é HTML"}</p>
  </ServerPage>
);

describe("ServerPage and serverPageHtml", () => {
  it("is a whole document in the page's language, with the portal's skip link, header and main", () => {
    const html = serverPageHtml(page("pt"), {});
    expect(html.startsWith("<!DOCTYPE html><html lang=\"pt\" dir=\"ltr\">")).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain("<title>Título &lt;com&gt; marcas | areaOE</title>");
    expect(html).toContain('<a href="#main-content" class="skip-link">Saltar para o conteúdo principal</a>');
    expect(html).toContain('<a href="/areaOE/" class="site-header__brand"><span class="site-header__name">areaOE</span>');
    expect(html).toContain('<span class="visually-hidden"> (página inicial)</span></a>');
    expect(html).toMatch(/<main id="main-content" tabindex="-1"[^>]*>/);
    // Texts are text: React escapes them.
    expect(html).toContain("texto &lt;b&gt;não&lt;/b&gt; é HTML");
    expect(html).not.toContain("<script");
  });

  it("takes the frame's texts in the page's language", () => {
    const html = serverPageHtml(page("en"), {});
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(">Skip to main content</a>");
    expect(html).toContain('<span class="visually-hidden"> (home page)</span></a>');
  });

  it("carries the portal's stylesheet inline with the response's nonce, in the head; its hash is the sheet's", () => {
    const css = Buffer.from("body{color:#0b0c0c}");
    const html = serverPageHtml(page("pt"), { css, nonce: "abc123" });
    const style = `<style nonce="abc123" data-href="${PORTAL_STYLESHEET_HREF}">body{color:#0b0c0c}</style>`;
    expect(html).toContain(`${style}</head>`);
    expect(html.split("<style").length).toBe(2);
    // The same bytes as every page's inline stylesheet: a policy by hash would allow it too.
    expect(cspHash(/<style[^>]*>([^<]*)<\/style>/.exec(html)?.[1] ?? "")).toBe(cspHash(css));
  });

  it("links to the stylesheet when the server holds no bytes of it (development)", () => {
    const html = serverPageHtml(page("pt"), {});
    expect(html).toContain(`<link rel="stylesheet" href="${PORTAL_STYLESHEET_HREF}"></head>`);
    expect(html).not.toContain("<style");
  });
});

describe("busyPageHtml", () => {
  it("is the server page with the busy texts and a link that tries the same address again", () => {
    const html = busyPageHtml({ lang: "en", path: "/areaOE/public/importacao?lang=en", css: Buffer.from("a{}"), nonce: "n1" });
    expect(html).toContain("<title>Service busy | areaOE</title>");
    expect(html).toContain("<h1>Service busy</h1>");
    expect(html).toContain('<a href="/areaOE/public/importacao?lang=en">Try again</a>');
    expect(html).toContain('<style nonce="n1"');
  });
});
