import { pageRoutePath } from "~/config/site-map";

/** The results page, relative to the router's basename (site map id "search"). */
export const SEARCH_ACTION = pageRoutePath("search");
