import { HeaderSearch } from "~/features/search/header-search";

/** The header's instant search, on every page with islands (app/root.tsx). */
export default HeaderSearch;
