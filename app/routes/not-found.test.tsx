// The unavailable screen (any address under /areaOE that is not a page, status 404) shows the answer's
// request id to quote, in both languages, when the server entry gives one (an answer of 400 or more).
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import { RequestReferenceContext } from "~/features/errors/request-reference";
import NotFound from "./not-found";

const ID = "haproxy-7f000001-0002";

const render = (lang: "pt" | "en", id?: string) =>
  renderToString(
    <RequestReferenceContext value={id}>
      <MemoryRouter initialEntries={["/areaOE/nao-existe"]}>{withI18n(<NotFound />, lang)}</MemoryRouter>
    </RequestReferenceContext>,
  );

describe("the unavailable screen", () => {
  it("gives the request's id to quote, in Portuguese and in English", () => {
    const pt = render("pt", ID);
    expect(pt).toContain("A funcionalidade a que está a tentar aceder não está disponível");
    expect(pt).toContain("Se nos contactar sobre este erro, indique esta referência:");
    expect(pt).toContain(`<code>${ID}</code>`);
    const en = render("en", ID);
    expect(en).toContain("If you contact us about this error, quote this reference:");
    expect(en).toContain(`<code>${ID}</code>`);
  });

  it("has no reference where the server gave none", () => {
    expect(render("en")).not.toContain("quote this reference");
  });
});
