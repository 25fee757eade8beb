import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToHtml } from "./render-to-html";
import { InlineStylesheetsProvider, PortalStylesheet } from "./portal-stylesheet";

const HREF = "/areaOE/assets/portal-abc123.css";
const CSS = "body{color:#0b0c0c}</style><script>alert(1)</script>";

function documentWith(inline?: { css: (href: string) => string | undefined; nonce: string }) {
  const head = (
    <html lang="pt">
      <head>
        <meta charSet="utf-8" />
        <PortalStylesheet href={HREF} />
      </head>
      <body>
        <p>text</p>
      </body>
    </html>
  );
  return inline ? <InlineStylesheetsProvider value={inline}>{head}</InlineStylesheetsProvider> : head;
}

async function html(element: React.ReactNode, nonce?: string): Promise<string> {
  const outcome = await renderToHtml(element, { timeoutMs: 1_000, nonce });
  if (outcome.kind !== "html") throw new Error("render timed out");
  return outcome.html.toString("utf8");
}

describe("PortalStylesheet", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("in a production build, writes the stylesheet into the head with the page's nonce", async () => {
    vi.stubEnv("DEV", false);
    const page = await html(documentWith({ css: (href) => (href === HREF ? CSS : undefined), nonce: "n0nce" }), "n0nce");
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain(`<style nonce="n0nce" data-precedence="portal" data-href="${HREF}">body{color:#0b0c0c}`);
    // A stylesheet can't end the style element early and inject markup.
    expect(page).not.toContain("</style><script>");
    expect(page).not.toContain('rel="stylesheet"');
  });

  it("refuses to render a page whose stylesheet is not in the client build", async () => {
    vi.stubEnv("DEV", false);
    const outcome = await renderToHtml(documentWith({ css: () => undefined, nonce: "n0nce" }), { timeoutMs: 1_000, nonce: "n0nce" }).catch(
      (error: unknown) => error,
    );
    expect(String(outcome)).toContain(`The stylesheet ${HREF} is not in the client build`);
  });

  it("in development, links the stylesheet Vite serves", async () => {
    vi.stubEnv("DEV", true);
    const page = await html(documentWith());
    expect(page).toContain(`<link rel="stylesheet" href="${HREF}" data-precedence="portal"/>`);
    expect(page).not.toContain("<style");
  });
});
