/** The results page, relative to the router's basename (site map id "search"). */
export const SEARCH_ACTION = "/public/pesquisa";
