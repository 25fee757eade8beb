import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover";
import { useHydrated } from "../../components/ui/use-hydrated";
import { meaningOf } from "./glossary";
import "./acronym.css";

function textOf(children: ReactNode): string {
  if (typeof children === "string" || typeof children === "number") return String(children);
  if (Array.isArray(children)) return children.map(textOf).join("");
  return "";
}

/**
 * `<Acronym>GUE</Acronym>` in a content file: the term with its meaning from the glossary
 * (content/glossary/*.json) in the current language.
 * - Server render and no JavaScript: `<abbr title="meaning">`, which browsers and screen readers expand.
 * - Once hydrated: a button (the term) that opens a popover with the meaning; Esc or a click outside
 *   closes it and focus returns to the term.
 * - A term missing from the glossary is rendered as plain text.
 */
export function Acronym({ children, term }: { children: ReactNode; term?: string }) {
  const { t, i18n } = useTranslation("glossary");
  const hydrated = useHydrated();
  const key = (term ?? textOf(children)).trim();
  const meaning = key ? meaningOf(key, i18n.language) : undefined;
  if (!meaning) return <>{children}</>;
  if (!hydrated) {
    return (
      <abbr className="acronym" title={meaning}>
        {children}
      </abbr>
    );
  }
  return (
    <Popover>
      <PopoverTrigger className="acronym acronym--interactive">
        <abbr>{children}</abbr>
        <span className="visually-hidden"> ({t("showMeaning")})</span>
      </PopoverTrigger>
      <PopoverContent className="acronym__popover" aria-label={t("meaningOf", { term: key })}>
        <p>
          <strong>{key}</strong>: {meaning}
        </p>
      </PopoverContent>
    </Popover>
  );
}
