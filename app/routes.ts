import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { OWN_MODULE_PAGES, SITE_PAGES } from "./config/site-map";

// Pages with widgets or data of their own have their own route module; every other page is its content
// file, rendered by routes/content-page.tsx (registered once per page, the page id as route id; each
// content file is its own chunk, loaded on demand). ICS2 has no route of its own (the site map lists it
// unrouted). Anything else under the base path is the unavailable screen, with status 404.
const pages = SITE_PAGES.filter((page) => !("routed" in page) && page.id !== "home").map((page) =>
  route(page.path, OWN_MODULE_PAGES.has(page.id) ? `routes/${page.id}.tsx` : "routes/content-page.tsx", { id: page.id }),
);

export default [
  index("routes/home.tsx", { id: "home" }),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  ...pages,
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
