/**
 * The page manifest: every page of the portal, once. Its path under the base path, its parent in the
 * breadcrumb hierarchy, and how it is served: app/routes.ts registers a route per routed page (route id =
 * page id), app/config/hydration.ts reads `islands` by that route id, and the tests (unit, content
 * checks and e2e) take their page lists from here. A page's text is content/{pt,en}/<id>.mdx, whose
 * front matter gives its title, breadcrumb label, one-line summary and review date (collected at build
 * time into the `pages` namespace: scripts/build/content/page-front-matter.ts); a page without a content file
 * has its texts in app/i18n/locales/{pt,en}/pages.json under its id.
 */
import { appPath } from "./paths";
import { SEARCH_PAGE_PATH } from "./search-page";

export interface SitePage {
  readonly id: string;
  /** Path below the base path, without a leading slash ("" is the home page). */
  readonly path: string;
  readonly parent?: string;
  /** False for modules that exist but are not routed (ICS2). */
  readonly routed?: false;
  /** False for routed pages that are not listed among their parent's children (search results). */
  readonly listed?: false;
  /**
   * "own": the page has its route module app/routes/<id>.tsx (widgets, or data of its own such as the
   * query a GET form answers). Absent: the page is only its content file, rendered by
   * app/routes/content-page.tsx.
   */
  readonly module?: "own";
  /**
   * A tool page: its widgets that need script are islands (app/islands/island.tsx, docs/decisions/0019,
   * 0020), hydrated alone by their own runtime; the header's search is an island too. Without it a page
   * ships no script but the image preview's (app/config/hydration.ts), and an `<Island>` on it fails the
   * render.
   */
  readonly islands?: true;
  /**
   * Its module answers the address's query (a GET form, the search, the return address after sign-in):
   * the page cache renders it for any query besides `lang` (server/page-cache/cache-rules.ts); any other
   * page ignores a query that is not its own (tracking) and is answered from the cache.
   */
  readonly answersQuery?: true;
  /**
   * The answer belongs to one visitor (it shows the session, or what the visitor sent): its module
   * answers `Cache-Control: private, no-store`, and no shared cache keeps it. No page needs sign-in to
   * open: the security header form tells a signed-out visitor why it needs it.
   */
  readonly private?: true;
  /**
   * A visitor enters a credential here, or a header built from one (the header form, the checker): every
   * answer sends `Cross-Origin-Opener-Policy: same-origin`. Any other anonymous page answered 200 sends
   * none (docs/decisions/0004).
   */
  readonly openerIsolated?: true;
  /** The page has no content file: its module renders all of it (home, search, the generation form). */
  readonly content?: false;
  /**
   * The page shows 'Coming soon' (no content file yet); the entry's comment says why. A flag, not the
   * reason as a string: the manifest is in every page's first-load chunk.
   */
  readonly comingSoon?: true;
}

export const SITE_PAGES = [
  { id: "home", path: "", module: "own", content: false },
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
  { id: "excise-sicex", path: "public/iecs/sicex", parent: "excise", comingSoon: true }, // no public source names or describes SICEX
  { id: "excise-sicrex", path: "public/iecs/sicrex", parent: "excise", comingSoon: true }, // no public source names or describes SICREX
  { id: "excise-gaspro", path: "public/iecs/gaspro", parent: "excise" },
  { id: "excise-iescp", path: "public/iecs/iescp", parent: "excise", comingSoon: true }, // no public source names or describes IESCP
  { id: "excise-giiec", path: "public/iecs/giiec", parent: "excise", comingSoon: true }, // no public source names or describes GIIEC
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
  { id: "web-services", path: "public/webservices", parent: "home", module: "own", islands: true, answersQuery: true },
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
    module: "own",
    islands: true,
    // `?tooLarge`: the server sent a post too large to read back here (the form then states the limit).
    answersQuery: true,
    private: true,
    openerIsolated: true,
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
    module: "own",
    islands: true,
    answersQuery: true,
    private: true,
    openerIsolated: true,
    content: false,
  },
  {
    // An integrator's own sandbox keys (signed in): made, named, listed, revoked; a key's requests.
    // Plain forms its module answers (POST for changes, GET for the list): no script.
    id: "security-header-sandbox-keys",
    path: "public/ferramentas/webservices/securityHeader/sandboxKeys",
    parent: "security-header",
    module: "own",
    answersQuery: true,
    private: true,
    openerIsolated: true,
  },
  {
    id: "security-header-samples",
    path: "public/ferramentas/webservices/securityHeader/samples",
    parent: "security-header",
  },
  {
    id: "security-header-authority",
    path: "public/ferramentas/webservices/securityHeader/fromSandboxToAuthority",
    parent: "security-header",
  },
  { id: "first-steps", path: "public/primeirosPassos", parent: "home", module: "own", islands: true, answersQuery: true, private: true },
  { id: "testing-manual", path: "public/manualDeTestes", parent: "home" },
  { id: "iva-exp", path: "public/ivaExp", parent: "home", module: "own", islands: true, answersQuery: true },
  // Every time limit of the portal's pages (content/time-limits/*.json), filterable, and the calculator:
  // GET forms its loader answers (a page of text: no script).
  { id: "time-limits", path: "public/prazos", parent: "home", module: "own", answersQuery: true },
  // Step by step (GOV.UK's pattern): a journey across systems, one page each, its steps in
  // app/config/journeys.ts; the index lists them (their parent), the home page shows them as cards.
  { id: "journeys", path: "public/passoAPasso", parent: "home" },
  { id: "journey-import", path: "public/passoAPasso/importarMercadorias", parent: "journeys" },
  { id: "journey-export", path: "public/passoAPasso/exportarMercadorias", parent: "journeys" },
  { id: "journey-low-value", path: "public/passoAPasso/remessasBaixoValor", parent: "journeys" },
  { id: "journey-vehicle", path: "public/passoAPasso/importarVeiculo", parent: "journeys" },
  { id: "journey-web-services", path: "public/passoAPasso/ligarServicosWeb", parent: "journeys" },
  // The search results page: reachable from the header's search form, not listed among the areas.
  { id: "search", path: SEARCH_PAGE_PATH, parent: "home", listed: false, module: "own", islands: true, answersQuery: true, content: false },
  // Pages every public-sector site has, linked from the footer of every page (not among the areas).
  { id: "accessibility", path: "public/acessibilidade", parent: "home", listed: false },
  { id: "privacy", path: "public/privacidade", parent: "home", listed: false },
  // The change log for readers: the latest changes of rules on the pages, linked from the footer.
  { id: "changes", path: "public/alteracoes", parent: "home", listed: false },
  { id: "ics2", path: "public/ics2", parent: "import", routed: false },
] as const satisfies readonly SitePage[];

export type PageId = (typeof SITE_PAGES)[number]["id"];

const BY_ID = new Map<string, SitePage>(SITE_PAGES.map((page) => [page.id, page]));

/** Every page that has a route (all but ICS2), in manifest order. */
export const ROUTED_PAGES: readonly SitePage[] = SITE_PAGES.filter((page: SitePage) => page.routed !== false);

/** The address of every page that has a route → its page id (the server's canonical addresses). */
export function routedPageAddresses(): Map<string, string> {
  return new Map(ROUTED_PAGES.map((page) => [appPath(page.path), page.id]));
}

export function findPage(id: string): SitePage | undefined {
  return BY_ID.get(id);
}

/** The absolute path of a page, e.g. "/areaOE/public/iecs/siceu". */
export function pageHref(id: PageId): string {
  const page = BY_ID.get(id);
  if (!page) throw new Error(`Unknown page id: ${id}`);
  return appPath(page.path);
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
  return ROUTED_PAGES.filter((page) => page.parent === id && page.listed !== false);
}

/** Whether the page has its own route module, app/routes/<id>.tsx (else content-page.tsx renders it). */
export function hasOwnModule(id: string): boolean {
  return BY_ID.get(id)?.module === "own";
}

/** Whether the page's module answers the address's query (the page cache renders it per query). */
export function pageAnswersQuery(id: string): boolean {
  return BY_ID.get(id)?.answersQuery === true;
}

/** Whether the page answers one visitor (`private`: never in a shared cache, nor in the static mirror; false for an unknown id). */
export function pageIdIsPrivate(id: string): boolean {
  return BY_ID.get(id)?.private === true;
}

/** Whether the page's widgets are islands (false for an unknown id). */
export function pageIdHasIslands(id: string): boolean {
  return BY_ID.get(id)?.islands === true;
}

/** Whether every answer of the page keeps Cross-Origin-Opener-Policy (false for an unknown id). */
export function pageIdIsOpenerIsolated(id: string): boolean {
  return BY_ID.get(id)?.openerIsolated === true;
}

/** Whether the page has a content file per language (not its module alone, nor 'Coming soon'). */
export function hasContentFile(page: SitePage): boolean {
  return page.content !== false && page.comingSoon === undefined;
}
