import { appPath } from "../../app/config/paths";
import { pageHref, SITE_PAGES } from "../../app/config/site-map";

/**
 * Pages an anonymous visitor cannot open (none: the generation form shows a signed-out visitor why it
 * needs sign-in). e2e/session.spec.ts covers the form signed in and out.
 */
export const SIGN_IN_REQUIRED_IDS: readonly string[] = [];

/** Every routed page of the site map that an anonymous visitor can open, as a URL path, plus /home. */
export const ROUTED_PATHS: { id: string; path: string }[] = [
  ...SITE_PAGES.filter((page) => !("routed" in page) && !SIGN_IN_REQUIRED_IDS.includes(page.id)).map((page) => ({
    id: page.id,
    path: pageHref(page.id),
  })),
  { id: "home", path: appPath("/home") },
];
