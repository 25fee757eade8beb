/**
 * The search results page's path under the base path, the page manifest's own (app/config/site-map.ts
 * takes it from here): the header's search, an island on every tool page, links it without loading the
 * whole manifest in the browser.
 */
export const SEARCH_PAGE_PATH = "public/pesquisa";
