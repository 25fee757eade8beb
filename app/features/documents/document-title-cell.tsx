import { useTranslation } from "../../i18n/use-translation";
import { SmartLink } from "../../components/ui/smart-link";
import { useLanguage } from "../../i18n/use-language";
import type { DocumentEntry } from "./document-schema";

/** The title as a link when the document has an address; otherwise 'To be available soon', never a dead link. */
export function DocumentTitleCell({ document }: { document: DocumentEntry }) {
  const { t } = useTranslation("common");
  const lang = useLanguage();
  const title = document.title[lang];
  if (!document.href) {
    return (
      <>
        <span className="documents__title">{title}</span>{" "}
        <span className="documents__pending">({t("states.toBeAvailableSoon")})</span>
      </>
    );
  }
  const sameLanguage = document.language.split(",").includes(lang);
  return (
    <SmartLink href={document.href} hrefLang={sameLanguage ? undefined : document.language.split(",")[0]}>
      {title}
    </SmartLink>
  );
}
