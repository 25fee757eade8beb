import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import type { TimeLimitRecord } from "./time-limit-schema";
import { formatVersionDate, limitText, sourceFor } from "./time-limit-text";
import { calculableTimeLimits, calculatorHref } from "./time-limits-query";

export interface TimeLimitsTableProps {
  records: readonly TimeLimitRecord[];
  caption: string;
  /** The time-limits page adds a column with the pages each record belongs to (their titles and addresses). */
  pages?: (record: TimeLimitRecord) => readonly { href: string; title: string }[];
}

/**
 * The time limits as a plain, server-rendered table: caption, column headers and one row header (what
 * must be done) per record. On a narrow screen each row stacks as a card, every cell under its column's
 * name (time-limits.css); the table's semantics stay. Every row the calculator can compute links to it
 * with that time limit chosen (`calculatorHref`), on every page that shows a table.
 */
export function TimeLimitsTable({ records, caption, pages }: TimeLimitsTableProps) {
  const lang = useLanguage();
  const { t } = useTranslation("time-limits");
  const calculable = new Set(calculableTimeLimits(records).map((record) => record.id));
  const columns = {
    what: t("columns.what"),
    actor: t("columns.actor"),
    limit: t("columns.limit"),
    event: t("columns.event"),
    article: t("columns.article"),
    pages: t("columns.pages"),
  };
  return (
    <table className="time-limits">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.what}</th>
          <th scope="col">{columns.actor}</th>
          <th scope="col">{columns.limit}</th>
          <th scope="col">{columns.event}</th>
          <th scope="col">{columns.article}</th>
          {pages ? <th scope="col">{columns.pages}</th> : null}
        </tr>
      </thead>
      <tbody>
        {records.map((record) => {
          const calculate = calculable.has(record.id) ? calculatorHref(record.id, lang) : undefined;
          return (
            <tr key={record.id} id={`prazo-${record.id}`}>
              <th scope="row" data-label={columns.what}>
                {record.what[lang]}
              </th>
              <td data-label={columns.actor}>{t(`actors.${record.actor}`)}</td>
              <td data-label={columns.limit}>
                <strong>{limitText(record, lang, t)}</strong>
                {record.duration !== null && record.setBy ? <span className="time-limits__detail">{record.setBy[lang]}</span> : null}
                {record.note ? <span className="time-limits__detail">{record.note[lang]}</span> : null}
                <span className="time-limits__detail">{t(`counting.${record.counting}`)}</span>
                {calculate ? (
                  <a className="time-limits__detail" href={calculate} aria-label={t("calculateLabel", { what: record.what[lang] })}>
                    {t("calculate")}
                  </a>
                ) : null}
              </td>
              <td data-label={columns.event}>{record.event[lang]}</td>
              <td data-label={columns.article}>
                <a href={sourceFor(record, lang)}>{record.article[lang]}</a>
                <span className="time-limits__detail">{t("sourceVersion", { date: formatVersionDate(record.sourceVersion, lang) })}</span>
              </td>
              {pages ? (
                <td data-label={columns.pages}>
                  <ul className="time-limits__pages">
                    {pages(record).map((page) => (
                      <li key={page.href}>
                        <a href={page.href}>{page.title}</a>
                      </li>
                    ))}
                  </ul>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
