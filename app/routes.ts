import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { ROUTED_PAGES, type SitePage } from "./config/site-map";

// Every route comes from the page manifest (app/config/site-map.ts): edit the manifest, not this file.
// A page with `module: "own"` is app/routes/<id>.tsx; every other page is its content file, rendered by
// routes/content-page.tsx (registered once per page; each content file is its own chunk, loaded on
// demand). Route ids are page ids. ICS2 has no route (unrouted in the manifest). Anything else under
// the base path is the unavailable screen, with status 404.
const moduleOf = (page: SitePage) => (page.module === "own" ? `routes/${page.id}.tsx` : "routes/content-page.tsx");
const home = ROUTED_PAGES.find((page) => page.path === "");
if (!home) throw new Error("The page manifest has no home page (path \"\")");

export default [
  index(moduleOf(home), { id: home.id }),
  route("home", moduleOf(home), { id: "home-alias" }),
  ...ROUTED_PAGES.filter((page) => page !== home).map((page) => route(page.path, moduleOf(page), { id: page.id })),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
