import { SITE_PAGES } from "../../app/config/site-map";

/** Every routed page of SPEC §2 as a URL path, plus /home. */
export const ROUTED_PATHS: { id: string; path: string }[] = [
  ...SITE_PAGES.filter((page) => !("routed" in page)).map((page) => ({
    id: page.id,
    path: page.path === "" ? "/areaOE/" : `/areaOE/${page.path}`,
  })),
  { id: "home", path: "/areaOE/home" },
];
