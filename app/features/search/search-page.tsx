import { useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { cleanQuery } from "./run-search";
import type { SiteSearchResult } from "./run-search";
import { SearchResultList } from "./search-result-list";
import { useDebouncedCallback } from "./use-debounced-callback";
import { SEARCH_ACTION } from "./search-path";

export interface SearchPageProps {
  query: string;
  results: SiteSearchResult[];
  /** A corrected query when nothing was found (run-search.ts, `suggestQuery`), or null. */
  suggestion: string | null;
}

// The search code and index are fetched when the visitor types, never with the page.
const loadSearch = () => import("./search-site");

/**
 * The results page, rendered on the server from `?q=` (works without JavaScript: a GET form). An island
 * (app/islands/search-page.island.tsx): with JavaScript the results follow the typing, found in the
 * browser by the same search as the server's (search-site.ts), and the address bar follows with `?q=`
 * (the history entry replaced), so a reload or a shared address gives the same page.
 */
export function SearchPage({ query: initialQuery, results: initialResults, suggestion: initialSuggestion }: SearchPageProps) {
  const { t } = useTranslation(["search", "pages", "common"]);
  const lang = useLanguage();
  const fieldId = useId();
  const hintId = useId();
  const [{ query, results, suggestion }, setAnswer] = useState({ query: initialQuery, results: initialResults, suggestion: initialSuggestion });
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  const liveSearch = useDebouncedCallback(async (form: HTMLFormElement) => {
    const raw = new FormData(form).get("q");
    const next = cleanQuery(typeof raw === "string" ? raw : "");
    const ticket = ++latest.current;
    setBusy(true);
    try {
      const found = next ? await (await loadSearch()).searchSite(lang, next) : { results: [], suggestion: null };
      if (ticket !== latest.current) return;
      setAnswer({ query: next, ...found });
      // The address the GET form itself would give (its one field), as the router's submit did.
      const url = new URL(window.location.href);
      url.search = new URLSearchParams({ q: next }).toString();
      window.history.replaceState(window.history.state, "", url);
    } catch {
      // The index did not arrive: the form still submits to the server.
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  }, 300);

  return (
    <div className="search-page">
      <h1>{t("pages:search.title")}</h1>
      <form method="get" action={SEARCH_ACTION} className="search-form" onChange={(event) => liveSearch(event.currentTarget)}>
        <label htmlFor={fieldId} className="search-form__label">
          {t("pageFieldLabel")}
        </label>
        <p id={hintId} className="search-form__hint">
          {t("hint")}
        </p>
        <div className="search-form__row">
          <input
            id={fieldId}
            className="search-form__input"
            type="search"
            name="q"
            defaultValue={initialQuery}
            placeholder={t("common:states.search")}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
          />
          <button type="submit" className="button">
            {t("submit")}
          </button>
        </div>
      </form>
      <div aria-busy={busy}>
        <p role="status" className="search-page__summary">
          {query === ""
            ? t("emptyQuery")
            : results.length === 0
              ? t("common:states.noResults")
              : t("resultCount", { count: results.length, query })}
        </p>
        {suggestion ? (
          <p className="search-page__suggestion">
            {t("didYouMean")} <a href={`${SEARCH_ACTION}?${new URLSearchParams({ q: suggestion }).toString()}`}>{suggestion}</a>?
          </p>
        ) : null}
        {results.length > 0 ? <SearchResultList results={results} headingLevel={2} /> : null}
      </div>
    </div>
  );
}
