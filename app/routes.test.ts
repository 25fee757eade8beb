import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { ROUTED_PAGES, SITE_PAGES, type SitePage } from "~/config/site-map";

const APP = import.meta.dirname;
const moduleSource = (file: string) => readFileSync(path.join(APP, file), "utf8");

// The route modules that are not one page's own module: the shared content page, the unavailable
// screen and the content-page-with-widgets factory (with its server loader).
const SHARED_ROUTE_FILES = ["content-page.tsx", "not-found.tsx", "widget-content-page.tsx", "widget-page-loader.server.ts"];

describe("the route table (app/routes.ts) follows the page manifest", () => {
  const byId = new Map(routes.map((route) => [route.id, route]));

  it("routes exactly the routed pages, the /home alias and the unavailable screen", () => {
    expect(routes.map((route) => route.id).sort()).toEqual(
      [...ROUTED_PAGES.map((page) => page.id), "home-alias", "not-found"].sort(),
    );
    expect(byId.get("home")?.index).toBe(true);
    expect(byId.get("home-alias")).toMatchObject({ path: "home", file: "routes/home.tsx" });
    expect(byId.get("not-found")).toMatchObject({ path: "*", file: "routes/not-found.tsx" });
    expect(SITE_PAGES.filter((page: SitePage) => page.routed === false).map((page) => byId.get(page.id))).toEqual([undefined]);
  });

  it.each(ROUTED_PAGES.filter((page) => page.path !== ""))("$id: its path and its module", (page) => {
    expect(byId.get(page.id)).toMatchObject({
      path: page.path,
      file: page.module === "own" ? `routes/${page.id}.tsx` : "routes/content-page.tsx",
    });
  });

  it("every route module file is a page's own module or a shared one, and every own module exists", () => {
    const files = readdirSync(path.join(APP, "routes")).filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."));
    const own = ROUTED_PAGES.filter((page) => page.module === "own").map((page) => `${page.id}.tsx`);
    expect(files.filter((file) => !own.includes(file) && !SHARED_ROUTE_FILES.includes(file))).toEqual([]);
    for (const file of own) expect(existsSync(path.join(APP, "routes", file)), file).toBe(true);
  });
});

describe("which pages have script (`islands` in the page manifest)", () => {
  const withScript = ROUTED_PAGES.filter((page) => page.islands).map((page) => page.id);

  it("are the pages with a widget that needs script (a change here changes what visitors download)", () => {
    expect(withScript.sort()).toEqual(["first-steps", "iva-exp", "search", "security-header-check", "security-header-form", "web-services"]);
  });

  it("a page of text (the shared content page) never has script: only a page with its own module may", () => {
    for (const page of ROUTED_PAGES.filter((candidate) => candidate.islands)) expect(page.module, page.id).toBe("own");
  });

  // An action alone is a plain form post that the server answers with the page (the sandbox keys page:
  // progressive enhancement, no script); a widget page needs script.
  it.each(ROUTED_PAGES.filter((page) => page.module === "own"))("$id: a widget page has its islands", (page) => {
    const source = moduleSource(`routes/${page.id}.tsx`);
    const needsScript = /widgetContentPage\b/.test(source);
    if (needsScript) expect(page.islands, `${page.id}: its module is a page with widgets, so the page manifest says \`islands: true\``).toBe(true);
  });

  it("a page marked `islands: true` places its widgets in <Island> (else it ships no script and its widgets lose their behaviour)", () => {
    // The other way round needs no test: an <Island> on a page without `islands: true` fails its render
    // (app/islands/island.tsx), which every page's test renders.
    const missing = ROUTED_PAGES.filter((page) => page.islands && !/<Island\b/.test(moduleSource(`routes/${page.id}.tsx`)));
    expect(
      missing.map((page) => `${page.id} is marked \`islands: true\` in app/config/site-map.ts but app/routes/${page.id}.tsx places no <Island> (app/islands/island.tsx)`),
    ).toEqual([]);
  });

  // A component with state, effects or event handlers does nothing in the browser unless it is an
  // island: the server's HTML of it ships, its behaviour silently does not (every other test green).
  // Each component a route module renders as a JSX element (not as an <Island>'s `component`) is read,
  // one level deep, for them. Exempt, with the reason: the image preview's dialog is enhanced by a
  // small page script of its own (image-preview-script.ts, no React in the browser).
  const INTERACTIVE = /\buse(?:State|Reducer|Effect|LayoutEffect|Ref|Transition|ActionState|SyncExternalStore)\b|\bon(?:Click|Change|Input|Submit|KeyDown|Toggle|Focus|Blur)=\{/;
  const ENHANCED_WITHOUT_REACT = new Set(["ImagePreviewDialog"]);
  const componentFile = (specifier: string): string | undefined => {
    const base = specifier.startsWith("~/") ? path.join(APP, specifier.slice(2)) : specifier.startsWith(".") ? path.join(APP, "routes", specifier) : undefined;
    return base === undefined ? undefined : [".tsx", ".ts", "/index.tsx"].map((ending) => base + ending).find((file) => existsSync(file));
  };
  const unwrappedWidgets = (source: string): string[] => {
    const imported = new Map<string, string>();
    for (const [, names = "", specifier = ""] of source.matchAll(/import\s+(?:type\s+)?([^;]*?)\s+from\s+"([^"]+)"/gs)) {
      for (const [name] of names.matchAll(/\b[A-Z]\w*\b/g)) imported.set(name, specifier);
    }
    const rendered = new Set([...source.matchAll(/<([A-Z]\w*)/g)].map(([, name = ""]) => name).filter((name) => name !== "Island" && !ENHANCED_WITHOUT_REACT.has(name)));
    return [...rendered].filter((name) => {
      const file = componentFile(imported.get(name) ?? "");
      return file !== undefined && INTERACTIVE.test(readFileSync(file, "utf8"));
    });
  };

  it.each(ROUTED_PAGES.filter((page) => page.module === "own"))("$id: every widget with state or handlers is placed in an <Island>", (page) => {
    const problems = unwrappedWidgets(moduleSource(`routes/${page.id}.tsx`)).map(
      (name) =>
        `${page.id}: app/routes/${page.id}.tsx renders <${name}> outside <Island> though it has state, effects or event handlers: on the server only it ships no script and loses its behaviour; render <Island component={${name}} … /> (app/islands/island.tsx)${page.islands ? "" : " and mark the page `islands: true` in app/config/site-map.ts"}`,
    );
    expect(problems).toEqual([]);
  });

  it("finds a widget rendered outside <Island> (not an empty check)", () => {
    const source = 'import { PageCards } from "~/components/layout/page-cards";\nimport { DataTable } from "~/components/ui/data-table/data-table";\nimport { HeaderSearch } from "~/features/search/header-search";\nexport default () => <><PageCards /><DataTable /><Island component={HeaderSearch} props={{}} /></>;\n';
    expect(unwrappedWidgets(source)).toEqual(["DataTable"]);
  });

  it("no route module declares a handle of its own for hydration or its page id (the manifest says it)", () => {
    for (const file of readdirSync(path.join(APP, "routes")).filter((name) => name.endsWith(".tsx"))) {
      expect(moduleSource(`routes/${file}`), file).not.toMatch(/export const handle\b[^;]*\b(hydrate|pageId)\b/s);
    }
  });

  it("a private page's module answers Cache-Control: private, no-store, and only a private page's does", () => {
    for (const page of ROUTED_PAGES.filter((candidate) => candidate.module === "own")) {
      const answersPrivately = /"Cache-Control": "private, no-store"/.test(moduleSource(`routes/${page.id}.tsx`));
      expect(answersPrivately, page.id).toBe(page.private === true);
    }
  });
});
