import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { SITE_PAGES } from "./config/site-map";

// One route module per page (each its own chunk, loaded on demand). The ICS2 module exists but has
// no route (SPEC §2). Anything else under the base path is the unavailable screen, with status 404.
const pages = SITE_PAGES.filter((page) => !("routed" in page) && page.id !== "home").map((page) =>
  route(page.path, `routes/${page.id}.tsx`, { id: page.id }),
);

export default [
  index("routes/home.tsx", { id: "home" }),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  ...pages,
  // Resource route: the renewal planner's .ics reminder (web services page), made by the server.
  route("public/webservices/lembrete-renovacao.ics", "routes/web-services-reminder.ts", { id: "web-services-reminder" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
