import { useEffect, type ReactNode } from "react";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { TextsContext } from "~/i18n/texts-context";
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
import { Toaster } from "~/components/ui/toast/toaster";
import { useRootData } from "~/config/use-root-data";
import { assetPath } from "~/config/paths";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_QUERY } from "~/i18n/languages";
import { switchClientLanguage } from "~/i18n/client-texts";
import { PageBoundary } from "~/features/errors/page-error-boundary";
import { RouteErrorScreen } from "~/features/errors/route-error-screen";
import { ErrorHandling } from "~/features/errors/error-handling";
import { FaultInjection } from "~/features/errors/fault-injection";
import { RouterLinkContext } from "~/components/ui/link/smart-link";
import { KeptLanguageContext } from "~/components/ui/link/kept-language";
import { lazyComponent } from "~/mdx/lazy-component";
import { markFirstHydration } from "~/components/ui/hydration/first-hydration";
import { PortalStylesheet } from "~/render/portal-stylesheet";
import { pageHasIslands, pageHydrates } from "~/config/hydration";
import { Island } from "~/islands/island";

// Only a page that is not found loads the unavailable screen's chunk (the server waits for it).
const NotFound = lazyComponent(() => import("~/routes/not-found").then((m) => m.default));

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

// A language switch changes the query string; every other navigation keeps the root data.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.searchParams.get("lang") !== nextUrl.searchParams.get("lang")) return true;
  return currentUrl.pathname === nextUrl.pathname ? defaultShouldRevalidate : false;
}

/**
 * The page's i18n. A language link followed in the browser loads that language's texts, then switches;
 * the server's render and the first hydration are already in the right language.
 */
function useLanguageScopedI18n(lang: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    void switchClientLanguage(lang);
  }, [lang]);
  return i18n;
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

/**
 * Whether this page hydrates (app/config/hydration.ts): only a page the manifest says hydrates, or the
 * error screen of an unexpected failure. Every other page is HTML and the inline stylesheet only.
 */
function useHydratesPage(): { hydrates: boolean; islands: boolean } {
  const matches = useMatches();
  const error = useRouteError();
  const ids = matches.map((match) => match.id);
  return { hydrates: pageHydrates(ids, error), islands: pageHasIslands(ids, error) };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const { hydrates, islands } = useHydratesPage();
  const lang = data?.lang ?? DEFAULT_LANGUAGE;
  const i18n = useLanguageScopedI18n(lang);
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
        <TextsContext value={i18n}>
          <RouterLinkContext value={Link}>
          <KeptLanguageContext value={kept}>
          <SkipLink />
          <SiteHeader account={<SessionStatus user={data?.visitor ?? null} signInEnabled={data?.signInEnabled ?? false} demo={data?.signInDemo ?? false} unchecked={data?.sessionUnchecked ?? false} />}>
            {/* On a page with islands, the header's search is an island of its own (app/islands/island.tsx). */}
            {islands ? <Island name="header-search" component={HeaderSearch} props={{}} namespaces={["pages"]} /> : <HeaderSearch />}
          </SiteHeader>
          <div className="container page-layout">
            <main id="main-content" tabIndex={-1} className="page-layout__main">
              <CurrentBreadcrumbs />
              <CurrentPartOf />
              <PageBoundary>{children}</PageBoundary>
            </main>
            <SidePanel />
          </div>
          <SiteFooter financePortal={data?.publicConfig.links.financePortal} />
          <Toaster />
          <ErrorHandling reporting={data?.publicConfig.errorReporting} />
          </KeptLanguageContext>
          </RouterLinkContext>
        </TextsContext>
        {/* In the browser the app is already running (a hydrated page, then navigations in it): scroll
            restoration stays on for every page it shows. */}
        {hydrates || typeof document !== "undefined" ? <ScrollRestoration /> : null}
        {hydrates ? <Scripts /> : null}
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
  // Lets tests (and scripts) know the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    markFirstHydration();
  }, []);
  const data = useRootData();
  return (
    <>
      <FaultInjection enabled={data?.publicConfig.faultInjection} />
      <Outlet />
    </>
  );
}

// Loader, server-rendering and page-chunk failures, shown inside the Layout (header and side panel
// stay); a thrown 404 shows the unavailable screen.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} notFound={<NotFound />} />;
}
