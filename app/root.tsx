import type { ReactNode } from "react";
import { Links, Meta, Outlet, useLocation, useMatches, useRouteError } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/root";
import { portalContext } from "./load-context";
import stylesheet from "./styles/portal.css?url";
import { SiteHeader } from "~/components/layout/site-header";
import { HeaderSearch } from "~/features/search/header-search";
import { SessionStatus } from "~/features/session/session-status";
import { SiteFooter } from "~/components/layout/site-footer";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { SidePanel } from "~/features/useful-links/side-panel";
import { PartOfJourneys } from "~/features/journeys/part-of-journeys";
import { useRootData } from "~/config/use-root-data";
import { assetPath } from "~/config/paths";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_QUERY } from "~/i18n/languages";
import { RouteErrorScreen } from "~/features/errors/route-error-screen";
import { FaultInjection } from "~/features/errors/fault-injection";
import { KeptLanguageContext } from "~/components/ui/link/kept-language";
import { PortalStylesheet } from "~/render/portal-stylesheet";
import { pageHasIslands } from "~/config/hydration";
import { Island } from "~/islands/island";
import NotFound from "~/routes/not-found";

/**
 * The page frame, rendered by React Router on the server only (docs/decisions/0020): no `<Scripts/>`, no
 * `<ScrollRestoration/>`, nothing of React Router in the browser. A page is its HTML and the inline
 * stylesheet; a tool page's widgets are islands (app/islands/island.tsx), hydrated by their own runtime.
 */

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: assetPath("favicon.svg"), type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  const portal = portalContext(context);
  return {
    lang: portal.lang,
    publicConfig: portal.publicConfig,
    origin: portal.origin,
    // Only the name, for the header: who is signed in, on every page.
    visitor: portal.session ? { name: portal.session.name } : null,
    // A session cookie that cannot be checked now (the shared state does not answer): the header says so.
    sessionUnchecked: portal.sessionUnchecked === true,
    // False when this server has no identity provider (no sign-in link then).
    signInEnabled: portal.signInEnabled,
    // Sign-in goes to the embedded demo provider: the sign-in links say so.
    signInDemo: portal.signInDemo,
  };
}

function CurrentBreadcrumbs() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  if (!leaf || leaf.id === "home" || leaf.id === "home-alias" || leaf.id === "root") return null;
  return <Breadcrumbs pageId={leaf.id} />;
}

/** GOV.UK's "Part of" box, above the page's title: the journeys whose steps link this page (app/config/journeys.ts). */
function CurrentPartOf() {
  const leaf = useMatches().at(-1);
  if (!leaf || leaf.id === "root") return null;
  return <PartOfJourneys pageId={leaf.id} />;
}

/** Whether this page's widgets are islands (app/config/hydration.ts): its header's search is one too. */
function useIslandsPage(): boolean {
  const matches = useMatches();
  const error = useRouteError();
  return pageHasIslands(
    matches.map((match) => match.id),
    error,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const islands = useIslandsPage();
  const lang = data?.lang ?? DEFAULT_LANGUAGE;
  // The language chosen by this address (`?lang=`): the page's links keep it (kept-language.ts).
  const chosen = new URLSearchParams(useLocation().search).get(LANGUAGE_QUERY);
  const kept = isLanguage(chosen) ? chosen : undefined;
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <PortalStylesheet href={stylesheet} />
        <Links />
      </head>
      <body id="top">
        <KeptLanguageContext value={kept}>
          <SkipLink />
          <SiteHeader account={<SessionStatus user={data?.visitor ?? null} signInEnabled={data?.signInEnabled ?? false} demo={data?.signInDemo ?? false} unchecked={data?.sessionUnchecked ?? false} />}>
            {/* On a page with islands, the header's search is an island of its own (app/islands/island.tsx). */}
            {islands ? <Island component={HeaderSearch} props={{}} namespaces={["pages"]} /> : <HeaderSearch />}
          </SiteHeader>
          <div className="container page-layout">
            <main id="main-content" tabIndex={-1} className="page-layout__main">
              <CurrentBreadcrumbs />
              <CurrentPartOf />
              {children}
            </main>
            <SidePanel />
          </div>
          <SiteFooter financePortal={data?.publicConfig.links.financePortal} />
        </KeptLanguageContext>
      </body>
    </html>
  );
}

function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a href="#main-content" className="skip-link">
      {t("skipLink")}
    </a>
  );
}

export default function App() {
  const data = useRootData();
  return (
    <>
      <FaultInjection enabled={data?.publicConfig.faultInjection} />
      <Outlet />
    </>
  );
}

// Loader and server-rendering failures, shown inside the Layout (header and side panel stay); a thrown
// 404 shows the unavailable screen.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} notFound={<NotFound />} />;
}
