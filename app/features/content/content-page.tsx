import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { FALLBACK_LANGUAGES } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import type { PageId } from "~/config/site-map";
import { pageContent } from "./page-content";
import { ComingSoon } from "./coming-soon";
import { OnThisPage } from "./on-this-page";
import { formatReviewDate, pageReview } from "./page-reviews";

export interface ContentPageProps {
  id: string;
  /** Components available to the content files (acronyms, documents tables, …), wired by the app. */
  components?: Record<string, unknown>;
  /** Interactive parts of the page, shown after the content. */
  children?: ReactNode;
}

/**
 * A page: its h1, its content file (content/<lang>/<id>.mdx) in the current language (or the fallback),
 * or 'Coming soon'.
 */
export function ContentPage({ id, components, children }: ContentPageProps) {
  const { t } = useTranslation("pages");
  const { t: tContent } = useTranslation("content");
  const lang = useLanguage();
  const review = pageReview(id);
  const content = pageContent(id, lang);
  const module = content[lang] ?? FALLBACK_LANGUAGES.map((fallback) => content[fallback]).find(Boolean);
  const Body = module?.default;
  return (
    <article className="content-page">
      <h1>{module?.frontmatter?.heading ?? t(`${id as PageId}.title`)}</h1>
      {module?.tableOfContents ? <OnThisPage entries={module.tableOfContents} /> : null}
      {Body ? (
        <div className="prose" lang={content[lang] ? undefined : module === content.pt ? "pt" : "en"}>
          <Body components={components} />
        </div>
      ) : (
        <ComingSoon />
      )}
      {children}
      {Body && review ? (
        <p className="page-review">
          {tContent("reviewedOn")} <time dateTime={review.reviewed}>{formatReviewDate(review.reviewed, lang)}</time>
        </p>
      ) : null}
    </article>
  );
}
