import { data } from "react-router";
import type { Route } from "./+types/content-page";
import { ContentPage } from "~/features/content/content-page";
import { pageContent } from "~/features/content/page-content";
import { pageMeta } from "~/config/page-meta";
import { SITE_PAGES } from "~/config/site-map";
import type { Language } from "~/i18n/languages";
import { mdxComponents } from "~/mdx/mdx-components";
import { portalContext } from "~/load-context";

/**
 * Every page that is only its content file (content/<lang>/<page-id>.mdx): app/routes.ts registers this
 * module once per page, with the page id as route id. React Router renders it on the server only.
 */

/** The page of this match, from its route pattern (the site map's path of the page). */
function pageIdOf(pattern: string): string {
  const path = pattern.replace(/^\/+/, "");
  const page = SITE_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw data(null, { status: 404 });
  return page.id;
}

// The page and the side panel's Useful Links its content file declares (route data, read by the root's side panel).
export function loader({ pattern, context }: Route.LoaderArgs) {
  const lang: Language = portalContext(context).lang;
  const pageId = pageIdOf(pattern);
  const content = pageContent(pageId, lang);
  const module = content[lang] ?? content.pt ?? content.en;
  return { pageId, usefulLinks: module?.usefulLinks };
}

export const meta: Route.MetaFunction = (args) => (args.loaderData ? pageMeta(args.loaderData.pageId)(args) : []);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage id={loaderData.pageId} components={mdxComponents} />;
}
