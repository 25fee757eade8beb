import { appPath } from "~/config/paths";
import { SEARCH_PAGE_PATH } from "~/config/search-page";

/**
 * The results page's full address (site map id "search"): the action of the plain GET forms (no router).
 * Without the site map, which the header's search (an island on every tool page) would otherwise load.
 */
export const SEARCH_ACTION = appPath(SEARCH_PAGE_PATH);
