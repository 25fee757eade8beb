import { useEffect, useId, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { SiteSearchResult } from "./run-search";
import { SearchResultList } from "./search-result-list";
import { useDebouncedCallback } from "./use-debounced-callback";
import { SEARCH_ACTION } from "./search-path";

export interface SearchPageProps {
  query: string;
  results: SiteSearchResult[];
}

/**
 * The results page, rendered on the server from `?q=` (works without JavaScript). With JavaScript the
 * results follow the typing: each pause submits the GET form again, replacing the history entry.
 */
export function SearchPage({ query, results }: SearchPageProps) {
  const { t } = useTranslation(["search", "pages", "common"]);
  const submit = useSubmit();
  const navigation = useNavigation();
  const fieldId = useId();
  const hintId = useId();
  const liveSubmit = useDebouncedCallback((form: HTMLFormElement) => {
    void submit(form, { replace: true, preventScrollReset: true });
  }, 300);
  const inputRef = useRef<HTMLInputElement>(null);
  // A new search from the header updates this field, but never while the visitor is typing in it.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = query;
  }, [query]);
  const busy = navigation.state === "loading" && navigation.location.pathname.endsWith(SEARCH_ACTION);

  return (
    <div className="search-page">
      <h1>{t("pages:search.title")}</h1>
      <Form method="get" action={SEARCH_ACTION} className="search-form" onChange={(event) => liveSubmit(event.currentTarget)}>
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
            defaultValue={query}
            ref={inputRef}
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
      </Form>
      <div aria-busy={busy}>
        <p role="status" className="search-page__summary">
          {query === ""
            ? t("emptyQuery")
            : results.length === 0
              ? t("common:states.noResults")
              : t("resultCount", { count: results.length, query })}
        </p>
        {results.length > 0 ? <SearchResultList results={results} headingLevel={2} /> : null}
      </div>
    </div>
  );
}
