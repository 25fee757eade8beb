import type { Route } from "./+types/search";
import { pageMeta } from "~/config/page-meta";
import { cleanQuery } from "~/features/search/run-search";
import { searchSite } from "~/features/search/search-site";
import { SearchPage } from "~/features/search/search-page";
import { portalContext } from "~/load-context";
import { Island } from "~/islands/island";

// Server-rendered results for `?q=`: the page works without JavaScript, and the index never ships
// with it (the loader, and so the index, stays on the server).
export async function loader({ url, context }: Route.LoaderArgs) {
  const portal = portalContext(context);
  const query = cleanQuery(url.searchParams.get("q"));
  const answer = query ? await searchSite(portal.lang, query) : { results: [], suggestion: null };
  return { query, ...answer };
}

const baseMeta = pageMeta("search");
// Result pages are not worth indexing by search engines; the pages they point to are. The search page
// itself (no query) is a page like any other.
export const meta: Route.MetaFunction = (args) => [...baseMeta(args), ...(args.loaderData?.query ? [{ name: "robots", content: "noindex" }] : [])];

export default function Search({ loaderData }: Route.ComponentProps) {
  // An island (app/islands/island.tsx); `pages` words the results the browser finds (pageText).
  return <Island component={SearchPage} props={{ query: loaderData.query, results: loaderData.results, suggestion: loaderData.suggestion }} namespaces={["pages"]} />;
}
