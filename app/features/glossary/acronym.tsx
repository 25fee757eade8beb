import { useId, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { useInsideLink } from "~/components/ui/link/inside-link";
import { meaningOf } from "./glossary";

function textOf(children: ReactNode): string {
  if (typeof children === "string" || typeof children === "number") return String(children);
  if (Array.isArray(children)) return children.map(textOf).join("");
  return "";
}

/**
 * `<Acronym>GUE</Acronym>` in a content file: the term with its meaning from the glossary
 * (content/glossary/*.json) in the current language, built on the platform so that it works on pages
 * that are not hydrated, with or without JavaScript:
 * - a button (the term, an `<abbr title>`) that opens the meaning in a popover (the `popover`
 *   attribute and `popovertarget`): Esc or a click outside closes it and focus stays on the term;
 * - inside a link the term stays an `<abbr title>` (no button nested in a link);
 * - a term missing from the glossary is rendered as plain text.
 * The popover is a `<span>`: the term sits inside paragraphs, where only phrasing content may go.
 */
export function Acronym({ children, term }: { children: ReactNode; term?: string }) {
  const { t } = useTranslation("glossary");
  const lang = useLanguage();
  const insideLink = useInsideLink();
  const id = `acronym${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const key = (term ?? textOf(children)).trim();
  const meaning = key ? meaningOf(key, lang) : undefined;
  if (!meaning) return <>{children}</>;
  const abbr = (
    <abbr className="acronym" title={meaning}>
      {children}
    </abbr>
  );
  if (insideLink) return abbr;
  return (
    <>
      <button type="button" className="acronym acronym--interactive" popoverTarget={id}>
        {abbr}
        <span className="visually-hidden"> ({t("showMeaning")})</span>
      </button>
      <span id={id} popover="auto" role="dialog" aria-label={t("meaningOf", { term: key })} className="popover acronym__popover">
        <strong>{key}</strong>
        {`: ${meaning}`}
      </span>
    </>
  );
}
