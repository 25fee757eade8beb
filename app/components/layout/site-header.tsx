import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { BASE_URL } from "~/config/paths";
import { LanguageSwitcher } from "./language-switcher";
import { keepLanguage, useKeptLanguage } from "~/components/ui/link/kept-language";

export interface SiteHeaderProps {
  /** From the app layer: who is signed in (or the way to sign in), in a bar of its own at the top. */
  account?: ReactNode;
  /** From the app layer: extra tools such as search, before the language switcher. */
  children?: ReactNode;
}

/** Account bar, site name, language switcher and, from the app layer, any extra tools such as search. */
export function SiteHeader({ account, children }: SiteHeaderProps) {
  const { t } = useTranslation("common");
  const kept = useKeptLanguage();
  return (
    <header className="site-header">
      {account ? (
        <div className="site-header__account">
          <div className="container site-header__account-inner">{account}</div>
        </div>
      ) : null}
      <div className="container site-header__inner">
        {/* Its name is its visible text and then where it leads (WCAG 2.5.3, label in name). */}
        <a href={keepLanguage(BASE_URL, kept)} className="site-header__brand">
          <span className="site-header__name">{t("siteName")}</span>
          <span className="site-header__title">{t("siteTitle")}</span>
          <span className="visually-hidden">{t("homeLink")}</span>
        </a>
        <div className="site-header__tools">
          {children}
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
