import { describe, expect, it } from "vitest";
import { SITE_PAGES, breadcrumbTrail, pageHref } from "./site-map";

// The specification's screens and routes, verbatim: every route of the portal below /areaOE.
const SPEC_ROUTES = [
  "/public/importacao",
  "/public/importacao/stadaImpRBV",
  "/public/importacao/stadaImpDAIN",
  "/public/exportacao",
  "/public/exportacao/stadaExpCAU",
  "/public/exportacao/dssCAU",
  "/public/exportacao/nrCAU",
  "/public/transito",
  "/public/transito/stadaTracau",
  "/public/iecs",
  ...["siceu", "sicex", "sicrex", "gaspro", "iescp", "giiec"].map((s) => `/public/iecs/${s}`),
  "/public/fiscalidadeAutomovel",
  "/public/fiscalidadeAutomovel/isv",
  "/public/meioTransMercadorias",
  ...["simtemva", "simtemvm", "simtemvp"].map((s) => `/public/meioTransMercadorias/${s}`),
  "/public/liquidacaoGarantias",
  "/public/liquidacaoGarantias/liquidacoesAduaneiras",
  "/public/liquidacaoGarantias/garantiasAduaneiras",
  "/public/outrasAplicacoes",
  "/public/webservices",
  "/public/ferramentas",
  "/public/ferramentas/webservices/securityHeader",
  "/public/ferramentas/webservices/securityHeader/configSecurityHeader",
  "/ferramentas/webservices/securityHeader/generateSecurityHeaderForm",
  "/public/primeirosPassos",
  "/public/manualDeTestes",
  "/public/ivaExp",
];

describe("site map", () => {
  it("routes exactly the paths of the specification (plus pages the portal adds)", () => {
    const routed = SITE_PAGES.filter((page) => !("routed" in page) && page.id !== "home").map(
      (page) => `/${page.path}`,
    );
    for (const route of SPEC_ROUTES) expect(routed, route).toContain(route);
  });

  it("has ICS2 as a module without a route", () => {
    const ics2 = SITE_PAGES.find((page) => page.id === "ics2");
    expect(ics2 && "routed" in ics2 && ics2.routed).toBe(false);
  });

  it("builds breadcrumbs along the hierarchy", () => {
    expect(breadcrumbTrail("excise-siceu")).toEqual(["home", "excise", "excise-siceu"]);
    expect(breadcrumbTrail("security-header-form")).toEqual(["home", "tools", "security-header", "security-header-form"]);
  });

  it("gives absolute hrefs under the base path", () => {
    expect(pageHref("home")).toBe("/areaOE/");
    expect(pageHref("iva-exp")).toBe("/areaOE/public/ivaExp");
  });
});
