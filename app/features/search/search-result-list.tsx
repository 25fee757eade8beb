import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import type { SiteSearchResult } from "./run-search";
import { SearchPassage } from "./search-passage";

export interface SearchResultListProps {
  results: SiteSearchResult[];
  /** Heading level of each result's title: 2 on the results page, none (plain link) in the header panel. */
  headingLevel?: 2;
  onFollow?: () => void;
}

/** Each result: the page (and section) as a link, its breadcrumb, and the matching passage. */
export function SearchResultList({ results, headingLevel, onFollow }: SearchResultListProps) {
  const { t } = useTranslation("search");
  return (
    <ol className="search-results">
      {results.map((result) => {
        const link = (
          <SmartLink href={result.href} onClick={onFollow}>
            {result.title}
            {result.heading ? ` – ${result.heading}` : ""}
          </SmartLink>
        );
        return (
          <li key={result.id} className="search-result">
            {headingLevel ? <h2 className="search-result__title">{link}</h2> : <p className="search-result__title">{link}</p>}
            <p className="search-result__breadcrumb">
              <span className="visually-hidden">{t("location")}: </span>
              {result.breadcrumb.join(" › ")}
            </p>
            <p className="search-result__passage">
              <SearchPassage parts={result.passage} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}
