import { SearchPage } from "~/features/search/search-page";

/** The search page's form and results (app/routes/search.tsx). */
export default SearchPage;
