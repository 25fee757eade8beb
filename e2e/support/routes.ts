import { SITE_PAGES } from "../../app/config/site-map";

/** Pages that send an anonymous visitor to sign in; e2e/session.spec.ts covers them signed in and out. */
export const SIGN_IN_REQUIRED_IDS: readonly string[] = ["security-header-form"];

/** Every routed page of SPEC §2 that an anonymous visitor can open, as a URL path, plus /home. */
export const ROUTED_PATHS: { id: string; path: string }[] = [
  ...SITE_PAGES.filter((page) => !("routed" in page) && !SIGN_IN_REQUIRED_IDS.includes(page.id)).map((page) => ({
    id: page.id,
    path: page.path === "" ? "/areaOE/" : `/areaOE/${page.path}`,
  })),
  { id: "home", path: "/areaOE/home" },
];
