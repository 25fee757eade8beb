import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { LANGUAGES, LANGUAGE_QUERY } from "../../i18n/languages";
import { useLanguage } from "../../i18n/use-language";

/**
 * Two real links (`?lang=pt`, `?lang=en`) that work without JavaScript; the server remembers the
 * choice in a cookie. Each link is written in its own language.
 */
export function LanguageSwitcher() {
  const current = useLanguage();
  const { t } = useTranslation("common");
  const location = useLocation();
  return (
    <nav className="language-switcher" aria-label={t("language.label")}>
      <ul>
        {LANGUAGES.map((language) => {
          const search = new URLSearchParams(location.search);
          search.set(LANGUAGE_QUERY, language);
          const isCurrent = language === current;
          const name = t(`language.${language}`, { lng: language });
          return (
            <li key={language}>
              <Link
                to={{ pathname: location.pathname, search: `?${search.toString()}` }}
                lang={language}
                hrefLang={language}
                aria-current={isCurrent ? "true" : undefined}
                title={t("language.switchTo", { language: name, lng: language })}
                preventScrollReset
              >
                <span aria-hidden="true">{t(`language.${language}Short`)}</span>
                <span className="visually-hidden">{name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
