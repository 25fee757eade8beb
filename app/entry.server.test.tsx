// The server entry's decisions (app/entry.server.tsx), each over React Router's own request handler with
// a small build whose route ids are real page ids of the manifest: a static document or a page with
// islands or an error page; the nonce or the hashes; COOP; the request's reference on 4xx/5xx only; HEAD.
import type { ReactNode } from "react";
import { createRequestHandler, data, Outlet, type ServerBuild } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as entry from "./entry.server";
import { createLoadContext, type AreaOELoadContext } from "./load-context";
import { Island } from "~/islands/island";
import { HeaderSearch } from "~/features/search/header-search";
import { HeaderCheckForm } from "~/features/security-header/header-check-form";
import { RouteErrorScreen } from "~/features/errors/route-error-screen";
import { RequestReference } from "~/features/errors/request-reference";
import { setServerLog } from "~/render/server-log";
import { cspHash } from "~/render/inline-hash";
import { speculationRulesText } from "~/render/speculation-rules";
import type { PublicConfig } from "~/config/public-config";
import { ISLAND_LOADER_SOURCE } from "~/islands/island-sources";

const NONCE = "n0nce-for-this-answer";
const ID = "8c1e3b2a-0f4d-4e5a-9b6c-7d8e9f0a1b2c";
const CSS = Buffer.from("body{margin:0}");

function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="pt">
      <head>
        <title>page</title>
      </head>
      <body>{children}</body>
    </html>
  );
}

const checker = () => <Island component={HeaderCheckForm} props={{ tooLarge: false, data: null, sandboxFormHref: "/areaOE/form" }} />;
/** Route id → module: ids are the manifest's page ids (app/config/site-map.ts), as app/routes.ts makes them. */
const MODULES: Record<string, { path: string; module: Record<string, unknown> }> = {
  // A page of text.
  import: { path: "public/importacao", module: { default: () => <p>A page of text</p> } },
  // A tool page (islands), where no credential is entered.
  search: {
    path: "public/pesquisa",
    module: {
      default: () => (
        <>
          <Island component={HeaderSearch} props={{}} />
          {checker()}
        </>
      ),
    },
  },
  // A tool page (islands) where one is entered: it keeps COOP.
  "security-header-check": { path: "public/ferramentas/webservices/securityHeader/checkSecurityHeader", module: { default: checker } },
  // A tool page whose only island is the header's search: no script at all.
  "security-header-form": { path: "ferramentas/webservices/securityHeader/generateSecurityHeaderForm", module: { default: () => <Island component={HeaderSearch} props={{}} /> } },
  // A page whose render fails, and one that is not found.
  "web-services": { path: "public/webservices", module: { default: () => { throw new Error("broken render"); } } },
  "not-found": { path: "*", module: { loader: () => data(null, { status: 404 }), default: () => <RequestReference /> } },
};

const build = {
  entry: { module: entry },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        default: () => <Outlet />,
        Layout: Document,
        // The real root's boundary: the not-found route's screen (with the reference) for a 404.
        ErrorBoundary: ({ error }: { error: unknown }) => <RouteErrorScreen error={error} notFound={<RequestReference />} />,
      },
    },
    ...Object.fromEntries(Object.entries(MODULES).map(([id, { path, module }]) => [id, { id, parentId: "root", path, module }])),
  },
  assets: {
    version: "test",
    url: "/areaOE/manifest.js",
    entry: { module: "/areaOE/entry.client.js", imports: [] },
    routes: Object.fromEntries(
      ["root", ...Object.keys(MODULES)].map((id) => [
        id,
        { id, ...(id === "root" ? { path: "" } : { parentId: "root", path: MODULES[id]?.path }), module: `/${id}.js`, hasAction: false, hasLoader: id === "not-found", hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: id === "root" },
      ]),
    ),
  },
  publicPath: "/areaOE/",
  assetsBuildDirectory: "build/client",
  basename: "/areaOE/",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");
// What the entry reads of the public configuration: the error reporter's settings and the test-only fault switch.
const publicConfig = { errorReporting: { enabled: false, url: "/areaOE/api/client-errors", method: "POST" }, faultInjection: false } as unknown as PublicConfig;

interface Answer {
  status: number;
  html: string;
  staticDocument: { scripts: string[]; styles: string[] } | undefined;
  withoutOpenerPolicy: boolean;
}

async function answer(path: string, { method = "GET", signedIn = false }: { method?: string; signedIn?: boolean } = {}): Promise<Answer> {
  let staticDocument: Answer["staticDocument"];
  let withoutOpenerPolicy = false;
  const values = {
    lang: "pt",
    requestId: ID,
    cspNonce: NONCE,
    onStaticDocument: (sources: { scripts: string[]; styles: string[] }) => void (staticDocument = sources),
    withoutOpenerPolicy: () => void (withoutOpenerPolicy = true),
    publicConfig,
    islandAssets: { chunks: (source: string) => [`/areaOE/assets/islands/${source.split("/").pop()}.js`], loader: "/* the built loader */" },
    stylesheet: () => CSS,
    origin: "https://areaoe.example.pt",
    session: signedIn ? { nif: "555555555", name: "Ana", roles: [] } : null,
    signInEnabled: true,
    signInDemo: false,
  } as unknown as AreaOELoadContext;
  const response = await handle(new Request(`https://areaoe.example.pt/areaOE/${path}`, { method }), createLoadContext(values));
  return { status: response.status, html: await response.text(), staticDocument, withoutOpenerPolicy };
}

beforeAll(() => setServerLog({ info: () => undefined, warn: () => undefined, error: () => undefined }));
afterEach(() => vi.restoreAllMocks());

describe("the server entry", () => {
  it("an anonymous page of text: a static document (no nonce, its inline parts' hashes handed over), no COOP, no script but the speculation rules, no reference", async () => {
    const page = await answer("public/importacao");
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(NONCE);
    expect(page.staticDocument).toEqual({ scripts: [cspHash(speculationRulesText("/areaOE"))], styles: [cspHash(CSS)] });
    expect(page.withoutOpenerPolicy).toBe(true);
    expect([...page.html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])).toEqual(['<script type="speculationrules">']);
    expect(page.html).toContain(`<style data-href=`);
    expect(page.html).not.toContain(ID);
    expect(page.html).not.toContain("__reactRouter");
  });

  it("the same page signed in keeps the nonce and COOP, and is no static document", async () => {
    const page = await answer("public/importacao", { signedIn: true });
    expect(page.staticDocument).toBeUndefined();
    expect(page.withoutOpenerPolicy).toBe(false);
    expect(page.html).toContain(`<script type="speculationrules" nonce="${NONCE}">`);
    expect(page.html).toContain(`nonce="${NONCE}" data-href=`);
  });

  it("a page with islands: the nonce, the islands' manifest and the built loader inline; no COOP where no credential is entered", async () => {
    const page = await answer("public/pesquisa");
    expect(page.staticDocument).toBeUndefined();
    expect(page.withoutOpenerPolicy).toBe(true);
    expect(page.html).toContain('<script type="application/json" id="areaoe-islands">');
    expect(page.html).toContain(`<script type="module" nonce="${NONCE}">/* the built loader */</script>`);
    expect(page.html).not.toContain(ISLAND_LOADER_SOURCE);
    expect(page.html).toContain('data-island="header-check"');
  });

  it("a page with islands where a credential is entered keeps COOP", async () => {
    const page = await answer("public/ferramentas/webservices/securityHeader/checkSecurityHeader");
    expect(page.html).toContain('data-island="header-check"');
    expect(page.withoutOpenerPolicy).toBe(false);
  });

  it("a page whose only island is the header's search ships no script and none of the islands' JSON", async () => {
    const page = await answer("ferramentas/webservices/securityHeader/generateSecurityHeaderForm");
    expect(page.html).toContain('data-island="header-search"');
    expect(page.html).not.toContain("areaoe-islands");
    expect(page.html).not.toContain("data-island-data");
    expect(page.html).not.toMatch(/<script type="module"/);
  });

  it("an unexpected failure: 500, the error screen with the request's reference, the nonce and COOP kept, Retry a GET form", async () => {
    const page = await answer("public/webservices?lang=pt");
    expect(page.status).toBe(500);
    expect(page.html).toContain(`<code>${ID}</code>`);
    expect(page.html).toMatch(/<form [^>]*method="get"/);
    expect(page.staticDocument).toBeUndefined();
    expect(page.withoutOpenerPolicy).toBe(false);
    expect(page.html).toContain(`nonce="${NONCE}"`);
    // An error page is no islands page: no loader, even where the page would have had islands.
    expect(page.html).not.toContain("areaoe-islands");
  });

  it("a page not found: 404 with the reference, no static document", async () => {
    const page = await answer("public/nao-existe");
    expect(page.status).toBe(404);
    expect(page.html).toContain(`<code>${ID}</code>`);
    expect(page.staticDocument).toBeUndefined();
  });

  it("HEAD: the status and headers of the GET, no body, no render", async () => {
    const render = vi.spyOn(console, "error");
    const page = await answer("public/importacao", { method: "HEAD" });
    expect(page.status).toBe(200);
    expect(page.html).toBe("");
    expect(page.staticDocument).toBeUndefined();
    expect(render).not.toHaveBeenCalled();
  });
});
