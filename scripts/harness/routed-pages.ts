import { appPath } from "../../app/config/paths";
import { ROUTED_PAGES } from "../../app/config/site-map";

/**
 * Pages an anonymous visitor cannot open (none: the generation form shows a signed-out visitor why it
 * needs sign-in). e2e/session.spec.ts covers the form signed in and out.
 */
export const SIGN_IN_REQUIRED_IDS: readonly string[] = [];

/** Every routed page of the page manifest that an anonymous visitor can open, as a URL path, plus /home. */
export const ROUTED_PATHS: { id: string; path: string }[] = [
  ...ROUTED_PAGES.filter((page) => !SIGN_IN_REQUIRED_IDS.includes(page.id)).map((page) => ({
    id: page.id,
    path: appPath(page.path),
  })),
  { id: "home", path: appPath("/home") },
];

/** Tool pages whose widgets are islands (app/islands/island.tsx); every other page is a page of text. No page runs React Router in the browser. */
export const ISLAND_IDS: ReadonlySet<string> = new Set(ROUTED_PAGES.filter((page) => page.islands).map((page) => page.id));
/** Pages whose answer belongs to one visitor (`private` in the manifest): never stored by the page cache. */
export const PRIVATE_IDS: ReadonlySet<string> = new Set(ROUTED_PAGES.filter((page) => "private" in page && page.private).map((page) => page.id));
