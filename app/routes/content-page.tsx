import { data } from "react-router";
import type { Route } from "./+types/content-page";
import { ContentPage } from "~/features/content/content-page";
import { loadContent } from "~/features/content/lazy-content";
import { useLazyContent } from "~/features/content/use-lazy-content";
import { pageMeta } from "~/config/page-meta";
import { SITE_PAGES } from "~/config/site-map";
import type { Language } from "~/i18n/languages";
import { navigationLanguage } from "~/i18n/client-texts";
import { mdxComponents } from "~/mdx/mdx-components";
import { portalContext } from "~/load-context";

/**
 * Every page that is only its content file (content/<lang>/<page-id>.mdx): app/routes.ts registers this
 * module once per page, with the page id as route id. The content file is its own chunk, loaded by the
 * loaders before the page renders (and before hydration by entry.client), never in a chunk shared by
 * all pages.
 */

/** The page of this match, from its route pattern (the site map's path of the page). */
function pageIdOf(pattern: string): string {
  const path = pattern.replace(/^\/+/, "");
  const page = SITE_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw data(null, { status: 404 });
  return page.id;
}

async function loadPage(pattern: string, lang: Language) {
  const pageId = pageIdOf(pattern);
  const content = await loadContent(pageId, lang);
  const module = content[lang] ?? content.pt ?? content.en;
  // The side panel's Useful Links of the page (route data: the content is not known before it loads).
  return { pageId, usefulLinks: module?.usefulLinks };
}

// On the server: the content is loaded before the render, so the HTML is complete.
export function loader({ pattern, context }: Route.LoaderArgs) {
  return loadPage(pattern, portalContext(context).lang);
}

// On navigation: the next page's content loads in the browser, with no request to the server.
export function clientLoader({ pattern, request }: Route.ClientLoaderArgs) {
  return loadPage(pattern, navigationLanguage(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) => (args.loaderData ? pageMeta(args.loaderData.pageId)(args) : []);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage id={loaderData.pageId} content={useLazyContent(loaderData.pageId)} components={mdxComponents} />;
}
