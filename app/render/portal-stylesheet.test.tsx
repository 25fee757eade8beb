import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToHtml } from "./render-to-html";
import { PortalStylesheet } from "./portal-stylesheet";
import { inlineStylesheet } from "./inline-stylesheet";

const HREF = "/areaOE/assets/portal-abc123.css";

async function headOf(): Promise<string> {
  const outcome = await renderToHtml(
    <html lang="pt">
      <head>
        <PortalStylesheet href={HREF} />
      </head>
      <body />
    </html>,
    { timeoutMs: 1_000 },
  );
  if (outcome.kind !== "html") throw new Error("render timed out");
  return outcome.html.toString("utf8");
}

describe("the portal stylesheet", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("in development is a link to the sheet Vite serves", async () => {
    vi.stubEnv("DEV", true);
    expect(await headOf()).toContain(`<link rel="stylesheet" href="${HREF}" data-precedence="portal"/>`);
  });

  it("in a production build is not rendered by React at all (the server writes it into the page)", async () => {
    vi.stubEnv("DEV", false);
    const page = await headOf();
    expect(page).not.toContain("stylesheet");
    expect(page).not.toContain("<style");
  });

  it("is written into the page with the page's nonce, as the build's bytes", () => {
    const css = Buffer.from("body{color:#0b0c0c}");
    expect(inlineStylesheet(HREF, css, "n0nce+/=").toString("utf8")).toBe(
      `<style nonce="n0nce+/=" data-href="${HREF}">body{color:#0b0c0c}</style>`,
    );
    expect(inlineStylesheet('x"><script>', css, '"').toString("utf8")).toBe(
      '<style nonce="&quot;" data-href="x&quot;&gt;&lt;script&gt;">body{color:#0b0c0c}</style>',
    );
  });

  it("on a static document carries no nonce (its policy allows the CSS by hash)", () => {
    const css = Buffer.from("body{color:#0b0c0c}");
    expect(inlineStylesheet(HREF, css).toString("utf8")).toBe(`<style data-href="${HREF}">body{color:#0b0c0c}</style>`);
  });
});
