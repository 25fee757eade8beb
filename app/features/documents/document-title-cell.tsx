import { SmartLink } from "~/components/ui/link/smart-link";
import { useLanguage } from "~/i18n/use-language";
import type { DocumentEntry } from "./document-schema";

/** The title as a link to the document (every registry entry has one: only documents that exist are listed). */
export function DocumentTitleCell({ document }: { document: DocumentEntry }) {
  const lang = useLanguage();
  const title = document.title[lang];
  const sameLanguage = document.language.split(",").includes(lang);
  return (
    <SmartLink href={document.href} hrefLang={sameLanguage ? undefined : document.language.split(",")[0]}>
      {title}
    </SmartLink>
  );
}
