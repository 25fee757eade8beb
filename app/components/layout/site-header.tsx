import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { LanguageSwitcher } from "./language-switcher";
import { keepLanguageInRoute, useKeptLanguage } from "~/components/ui/link/kept-language";

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
        <Link to={keepLanguageInRoute("/", kept)} className="site-header__brand" aria-label={t("homeLink")}>
          <span className="site-header__name">{t("siteName")}</span>
          <span className="site-header__title">{t("siteTitle")}</span>
        </Link>
        <div className="site-header__tools">
          {children}
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
