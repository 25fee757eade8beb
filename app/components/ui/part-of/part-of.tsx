import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

export interface PartOfItem {
  href: string;
  title: ReactNode;
  /** What the page is of it, e.g. "step 3 of 7". */
  detail?: ReactNode;
}

/**
 * GOV.UK's "Part of" box, above a page's title: the step-by-step journeys the page is a step of, each
 * linked. Nothing when the page is part of none.
 */
export function PartOf({ items }: { items: readonly PartOfItem[] }) {
  const { t } = useTranslation("ui", { keyPrefix: "partOf" });
  if (items.length === 0) return null;
  return (
    <nav className="part-of" aria-label={t("label")}>
      <p className="part-of__heading">{t("heading")}</p>
      <ul className="part-of__list">
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href} className="part-of__link">
              {item.title}
            </a>
            {item.detail ? <span className="part-of__detail"> {item.detail}</span> : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
