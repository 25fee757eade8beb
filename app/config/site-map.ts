/**
 * The site map of the specification's screens and routes: every page, its path under the base path, and its parent in the
 * breadcrumb hierarchy. Route ids are page ids (app/routes.ts); titles live in the `pages`
 * translation namespace under the same id.
 */
import { appPath } from "./paths";

export interface SitePage {
  readonly id: string;
  /** Path below the base path, without a leading slash ("" is the home page). */
  readonly path: string;
  readonly parent?: string;
  /** False for modules that exist but are not routed (ICS2). */
  readonly routed?: boolean;
  /** False for routed pages that are not listed among their parent's children (search results). */
  readonly listed?: boolean;
}

export const SITE_PAGES = [
  { id: "home", path: "" },
  { id: "import", path: "public/importacao", parent: "home" },
  { id: "import-rbv", path: "public/importacao/stadaImpRBV", parent: "import" },
  { id: "import-dain", path: "public/importacao/stadaImpDAIN", parent: "import" },
  { id: "export", path: "public/exportacao", parent: "home" },
  { id: "export-stada-cau", path: "public/exportacao/stadaExpCAU", parent: "export" },
  { id: "export-dss-cau", path: "public/exportacao/dssCAU", parent: "export" },
  { id: "export-nr-cau", path: "public/exportacao/nrCAU", parent: "export" },
  { id: "transit", path: "public/transito", parent: "home" },
  { id: "transit-stada-cau", path: "public/transito/stadaTracau", parent: "transit" },
  { id: "excise", path: "public/iecs", parent: "home" },
  { id: "excise-siceu", path: "public/iecs/siceu", parent: "excise" },
  { id: "excise-sicex", path: "public/iecs/sicex", parent: "excise" },
  { id: "excise-sicrex", path: "public/iecs/sicrex", parent: "excise" },
  { id: "excise-gaspro", path: "public/iecs/gaspro", parent: "excise" },
  { id: "excise-iescp", path: "public/iecs/iescp", parent: "excise" },
  { id: "excise-giiec", path: "public/iecs/giiec", parent: "excise" },
  { id: "vehicle-tax", path: "public/fiscalidadeAutomovel", parent: "home" },
  { id: "vehicle-tax-isv", path: "public/fiscalidadeAutomovel/isv", parent: "vehicle-tax" },
  { id: "transport", path: "public/meioTransMercadorias", parent: "home" },
  { id: "transport-simtem-air", path: "public/meioTransMercadorias/simtemva", parent: "transport" },
  { id: "transport-simtem-sea", path: "public/meioTransMercadorias/simtemvm", parent: "transport" },
  { id: "transport-simtem-post", path: "public/meioTransMercadorias/simtemvp", parent: "transport" },
  { id: "liquidation", path: "public/liquidacaoGarantias", parent: "home" },
  { id: "liquidation-settlements", path: "public/liquidacaoGarantias/liquidacoesAduaneiras", parent: "liquidation" },
  { id: "liquidation-guarantees", path: "public/liquidacaoGarantias/garantiasAduaneiras", parent: "liquidation" },
  { id: "other-applications", path: "public/outrasAplicacoes", parent: "home" },
  { id: "web-services", path: "public/webservices", parent: "home" },
  { id: "tools", path: "public/ferramentas", parent: "home" },
  { id: "security-header", path: "public/ferramentas/webservices/securityHeader", parent: "tools" },
  {
    id: "security-header-config",
    path: "public/ferramentas/webservices/securityHeader/configSecurityHeader",
    parent: "security-header",
  },
  {
    id: "security-header-check",
    path: "public/ferramentas/webservices/securityHeader/checkSecurityHeader",
    parent: "security-header",
  },
  {
    id: "security-header-vectors",
    path: "public/ferramentas/webservices/securityHeader/testVectors",
    parent: "security-header",
  },
  {
    id: "security-header-faults",
    path: "public/ferramentas/webservices/securityHeader/faults",
    parent: "security-header",
  },
  {
    id: "security-header-form",
    path: "ferramentas/webservices/securityHeader/generateSecurityHeaderForm",
    parent: "security-header",
  },
  {
    id: "security-header-samples",
    path: "public/ferramentas/webservices/securityHeader/samples",
    parent: "security-header",
  },
  { id: "first-steps", path: "public/primeirosPassos", parent: "home" },
  { id: "testing-manual", path: "public/manualDeTestes", parent: "home" },
  { id: "iva-exp", path: "public/ivaExp", parent: "home" },
  // The search results page: reachable from the header's search form, not listed among the areas.
  { id: "search", path: "public/pesquisa", parent: "home", listed: false },
  // Pages every public-sector site has, linked from the footer of every page (not among the areas).
  { id: "accessibility", path: "public/acessibilidade", parent: "home", listed: false },
  { id: "privacy", path: "public/privacidade", parent: "home", listed: false },
  // The change log for readers: the latest changes of rules on the pages, linked from the footer.
  { id: "changes", path: "public/alteracoes", parent: "home", listed: false },
  { id: "ics2", path: "public/ics2", parent: "import", routed: false },
] as const satisfies readonly SitePage[];

export type PageId = (typeof SITE_PAGES)[number]["id"];

/**
 * Pages with a route module of their own (widgets, or data of their own such as the query a GET form
 * answers); every other page is only its content file (app/routes.ts registers both).
 */
export const OWN_MODULE_PAGES: ReadonlySet<string> = new Set([
  "first-steps",
  "iva-exp",
  "search",
  "security-header-check",
  "security-header-form",
  "web-services",
]);

/** The address of every page that has a route → its page id (the server's canonical addresses). */
export function routedPageAddresses(): Map<string, string> {
  return new Map(SITE_PAGES.filter((page) => !("routed" in page)).map((page) => [appPath(page.path), page.id]));
}

const BY_ID = new Map<string, SitePage>(SITE_PAGES.map((page) => [page.id, page]));

export function findPage(id: string): SitePage | undefined {
  return BY_ID.get(id);
}

/** The absolute path of a page, e.g. "/areaOE/public/iecs/siceu". */
export function pageHref(id: PageId): string {
  const page = BY_ID.get(id);
  if (!page) throw new Error(`Unknown page id: ${id}`);
  return appPath(page.path);
}

/** The router path of a page (relative to the router's basename). */
export function pageRoutePath(id: PageId): string {
  const page = BY_ID.get(id);
  if (!page) throw new Error(`Unknown page id: ${id}`);
  return routePathOf(page);
}

/** The router path of a site-map entry. */
export function routePathOf(page: SitePage): string {
  return `/${page.path}`;
}

/** The chain of page ids from the home page down to `id`, for breadcrumbs. */
export function breadcrumbTrail(id: string): string[] {
  const trail: string[] = [];
  let current = BY_ID.get(id);
  while (current) {
    trail.unshift(current.id);
    current = current.parent ? BY_ID.get(current.parent) : undefined;
  }
  return trail;
}

export function childPages(id: string): SitePage[] {
  return SITE_PAGES.filter(
    (page) => "parent" in page && page.parent === id && !("routed" in page) && !("listed" in page),
  );
}
