import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import type { Language } from "~/i18n/languages";
import { RequestReferenceContext } from "./request-reference";
import { RouteErrorScreen } from "./route-error-screen";

const ID = "b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const QUOTE = { en: "If you contact us about this error, quote this reference:", pt: "Se nos contactar sobre este erro, indique esta referência:" } as const;

/** The root's error boundary content at `path`, as entry.server gives it the reference. */
const screenAt = (path: string, id: string | undefined, error: unknown, lang: Language) =>
  renderToString(
    <RequestReferenceContext value={id}>
      <MemoryRouter basename="/areaOE" initialEntries={[path]}>{withI18n(<RouteErrorScreen error={error} notFound={<p>not found</p>} />, lang)}</MemoryRouter>
    </RequestReferenceContext>,
  );

describe("the error screen of an unexpected failure, as the server renders it", () => {
  for (const lang of ["pt", "en"] as const) {
    it(`gives the answer's id to quote (${lang})`, () => {
      const html = screenAt("/areaOE/x", ID, new Error("boom"), lang);
      expect(html).toContain(QUOTE[lang]);
      expect(html).toContain(`<code>${ID}</code>`);
    });
  }

  it("has no reference when the server gave none (an answer that may be stored, 200)", () => {
    const html = screenAt("/areaOE/x", undefined, new Error("boom"), "en");
    expect(html).not.toContain(QUOTE.en);
    expect(html).not.toContain("<code>");
  });

  it("makes Retry a GET form to the same address, its query kept as hidden fields (no script needed)", () => {
    const html = screenAt("/areaOE/public/ivaExp?lang=en&valor=850%2C50", ID, new Error("boom"), "en");
    const form = /<form [^>]*>/.exec(html)?.[0] ?? "";
    for (const attribute of ['method="get"', 'action="/areaOE/public/ivaExp"', 'class="error-screen__retry"']) expect(form).toContain(attribute);
    expect(html).toContain('<input type="hidden" name="lang" value="en"/>');
    expect(html).toContain('<input type="hidden" name="valor" value="850,50"/>');
    expect(html).toMatch(/<button type="submit" class="button button--primary">Retry<\/button><\/form>/);
    expect(screenAt("/areaOE/x?lang=pt", ID, new Error("boom"), "pt")).toContain(">Tentar novamente</button>");
  });

  it("is not added by RouteErrorScreen to a thrown 404's screen (the not-found route renders it)", () => {
    // RouteErrorScreen shows its `notFound` (the root passes the not-found route, which renders the
    // reference: app/routes/not-found.test.tsx); it adds nothing of its own there.
    const html = screenAt("/areaOE/x", ID, { status: 404, statusText: "Not Found", internal: false, data: null }, "en");
    expect(html).toContain("not found");
    expect(html).not.toContain(ID);
  });
});
