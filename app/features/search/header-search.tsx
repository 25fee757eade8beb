import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import { useLanguage } from "~/i18n/use-language";
import type { SiteSearchResult } from "./run-search";
import { SearchResultList } from "./search-result-list";
import { SEARCH_ACTION } from "./search-path";
import { useDebouncedCallback } from "./use-debounced-callback";

const MIN_LIVE_QUERY = 2;
const PANEL_RESULTS = 5;

// The search code and index are fetched on first focus, never with the page.
const loadSearch = () => import("./search-site");

/**
 * The search field of every page: a plain GET form to the results page (works without JavaScript; no
 * router, so it is an island on pages with islands: app/root.tsx). Once hydrated, typing shows the first results below the field, from the index loaded on focus.
 */
export function HeaderSearch() {
  const lang = useLanguage();
  const { t } = useTranslation(["search", "common"]);
  const fieldId = useId();
  const panelId = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<SiteSearchResult[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const latest = useRef(0);

  const search = useDebouncedCallback(async (value: string) => {
    const ticket = ++latest.current;
    try {
      const { searchSite } = await loadSearch();
      const found = await searchSite(lang, value);
      if (ticket === latest.current) {
        setResults(found.results);
        setFailed(false);
      }
    } catch {
      if (ticket === latest.current) setFailed(true);
    }
  }, 200);

  const trimmed = query.trim();
  const showPanel = open && trimmed.length >= MIN_LIVE_QUERY;
  const status = failed
    ? t("unavailable")
    : results === undefined
      ? t("common:states.loading")
      : results.length === 0
        ? t("common:states.noResults")
        : t("resultCount", { count: results.length, query: trimmed });

  function onFocus() {
    setOpen(true);
    void loadSearch()
      .then((module) => module.preloadSearchIndex(lang))
      .catch(() => setFailed(true));
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === "Escape" && showPanel) {
      // First Escape closes the panel; only a second one clears the field (the browser's default).
      event.preventDefault();
      setOpen(false);
      event.currentTarget.querySelector("input")?.focus();
    }
  }

  return (
    // The search landmark closes its panel on Escape and on leaving it (the field and the results keep their roles).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      method="get"
      action={SEARCH_ACTION}
      role="search"
      aria-label={t("siteSearch")}
      className="header-search"
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor={fieldId} className="visually-hidden">
        {t("fieldLabel")}
      </label>
      <div className="header-search__row">
        <input
          id={fieldId}
          className="header-search__input"
          type="search"
          name="q"
          value={query}
          placeholder={t("common:states.search")}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-controls={panelId}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setQuery(value);
            setOpen(true);
            setResults(undefined);
            if (value.trim().length >= MIN_LIVE_QUERY) search(value.trim());
          }}
        />
        <button type="submit" className="header-search__submit">
          {t("submit")}
        </button>
      </div>
      <div id={panelId} className="header-search__panel" hidden={!showPanel}>
        <p role="status" className="header-search__status">
          {showPanel ? status : ""}
        </p>
        {showPanel && results && results.length > 0 ? (
          <>
            <SearchResultList results={results.slice(0, PANEL_RESULTS)} onFollow={() => setOpen(false)} />
            <p>
              <SmartLink href={`${SEARCH_ACTION}?q=${encodeURIComponent(trimmed)}`} onClick={() => setOpen(false)}>
                {t("seeAll", { query: trimmed })}
              </SmartLink>
            </p>
          </>
        ) : null}
      </div>
    </form>
  );
}
