import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import { useLanguage } from "~/i18n/use-language";
import { findPage, pageHref, type PageId } from "~/config/site-map";
import { INTL_LOCALES, type Language } from "~/i18n/languages";

/** One change of rules, as `content/changes.json` holds it (newest first is the reader's order). */
export interface RuleChange {
  id: string;
  /** The date the change took effect or was published, as its text says (YYYY-MM-DD). */
  date: string;
  /** Page ids whose statements the change affected. */
  pages: string[];
  pt: { title: string; text: string };
  en: { title: string; text: string };
  source: { pt: string; en: string; href: Record<Language, string> };
}

const file = import.meta.glob<RuleChange[]>("../../content/changes.json", { eager: true, import: "default" });

/** The changes, newest first (whatever the order of the file). */
export const RULE_CHANGES: readonly RuleChange[] = [...(Object.values(file)[0] ?? [])].sort((a, b) => b.date.localeCompare(a.date));


function formatDate(iso: string, lang: Language): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** The change log of the "What changed" page: server HTML only, no script. */
export function ChangeLog() {
  const lang = useLanguage();
  const { t } = useTranslation("content");
  const { t: tPages } = useTranslation("pages");
  return (
    <ol className="change-log">
      {RULE_CHANGES.map((change) => (
        <li key={change.id} id={change.id}>
          <h3>{change[lang].title}</h3>
          <p>
            <time dateTime={change.date}>{formatDate(change.date, lang)}</time>
          </p>
          <p>{change[lang].text}</p>
          <p>
            {t("changeLog.pages")}{" "}
            {change.pages
              .filter((id) => findPage(id))
              .map((id, index) => (
                <span key={id}>
                  {index > 0 ? ", " : null}
                  <SmartLink href={pageHref(id as PageId)}>{tPages(`${id as PageId}.title`)}</SmartLink>
                </span>
              ))}
          </p>
          <p>
            {t("changeLog.source")} <a href={change.source.href[lang]}>{change.source[lang]}</a>
          </p>
        </li>
      ))}
    </ol>
  );
}
