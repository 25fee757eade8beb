import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import type { DocumentEntry } from "./document-schema";
import { DocumentTitleCell } from "./document-title-cell";
import { OptionalValue } from "./optional-value";
import { formatDocumentDate } from "./format-document-date";

/** A plain, server-rendered table of documents. */
export function DocumentsTable({ documents }: { documents: DocumentEntry[] }) {
  const lang = useLanguage();
  const { t } = useTranslation("documents");
  return (
    // Where the box is narrower than the table (a phone), a line says it scrolls sideways, and shadows
    // show at the edge that hides columns (documents.css): CSS alone, so it holds without scripts.
    <div className="documents-box">
      <p className="documents__scroll-hint" aria-hidden="true">
        {t("scrollHint")}
      </p>
      {/* A named, focusable region so keyboard users can scroll it sideways (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="documents" role="region" aria-label={t("caption")} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("columns.title")}</th>
            <th scope="col">{t("columns.kind")}</th>
            <th scope="col">{t("columns.publisher")}</th>
            <th scope="col">{t("columns.version")}</th>
            <th scope="col">{t("columns.date")}</th>
            <th scope="col">{t("columns.language")}</th>
            <th scope="col">{t("columns.format")}</th>
            <th scope="col">{t("columns.size")}</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id}>
              <th scope="row">
                <DocumentTitleCell document={document} />
              </th>
              <td>{t(`kinds.${document.kind}`)}</td>
              <td>{document.publisher}</td>
              <td>
                <OptionalValue value={document.version} />
              </td>
              <td>
                <OptionalValue value={document.date ? formatDocumentDate(document.date, lang) : null} />
              </td>
              <td>{t(`languages.${document.language}`)}</td>
              <td>{document.format}</td>
              <td>
                <OptionalValue value={document.size} />
              </td>
            </tr>
          ))}
        </tbody>
        </table>
      </div>
    </div>
  );
}
