import { pageHref } from "~/config/site-map";

/** The results page's full address (site map id "search"): the action of the plain GET forms (no router). */
export const SEARCH_ACTION = pageHref("search");
