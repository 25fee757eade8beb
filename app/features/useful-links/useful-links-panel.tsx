import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import type { UsefulLink } from "~/config/public-config";
import { useLanguage } from "~/i18n/use-language";

export function UsefulLinksPanel({ links }: { links: UsefulLink[] }) {
  const { t } = useTranslation("common");
  const lang = useLanguage();
  if (links.length === 0) return null;
  return (
    <section className="side-panel__section" aria-labelledby="useful-links-heading">
      <h2 id="useful-links-heading">{t("sidePanel.usefulLinksHeading")}</h2>
      <ul className="link-list">
        {links.map((link) => {
          const text = link.linkText ? link.linkText[lang] : link.labelKey ? t(link.labelKey) : "";
          return (
            <li key={`${link.href}-${text}`}>
              <SmartLink href={link.href} inApp={link.inApp}>
                {text}
              </SmartLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
