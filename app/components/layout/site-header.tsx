import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./language-switcher";
import type { Language } from "../../i18n/languages";

/** Site name, language switcher and, from the app layer, any extra tools such as search. */
export function SiteHeader({ lang, children }: { lang: Language; children?: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={t("homeLink")}>
          <span className="site-header__name">{t("siteName")}</span>
          <span className="site-header__title">{t("siteTitle")}</span>
        </Link>
        <div className="site-header__tools">
          {children}
          <LanguageSwitcher current={lang} />
        </div>
      </div>
    </header>
  );
}
