import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover";
import { useLanguage } from "../../i18n/use-language";
import { meaningOf } from "./glossary";

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
 * - Inside a link or another control the term stays an `<abbr title>` (no button nested in a link).
 * - A term missing from the glossary is rendered as plain text.
 */
export function Acronym({ children, term }: { children: ReactNode; term?: string }) {
  const { t } = useTranslation("glossary");
  const lang = useLanguage();
  const abbrRef = useRef<HTMLElement>(null);
  const [interactive, setInteractive] = useState(false);
  useEffect(() => {
    // Hydrated: become a popover button unless the term sits inside a link or another control.
    const node = abbrRef.current;
    if (node && !node.parentElement?.closest("a, button, label, summary, [role='button'], [role='link']")) setInteractive(true);
  }, []);
  const key = (term ?? textOf(children)).trim();
  const meaning = key ? meaningOf(key, lang) : undefined;
  if (!meaning) return <>{children}</>;
  if (!interactive) {
    return (
      <abbr ref={abbrRef} className="acronym" title={meaning}>
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
