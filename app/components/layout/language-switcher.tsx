import { useLocation } from "react-router";
import { appPath } from "~/config/paths";
import { useTranslation } from "~/i18n/use-translation";
import { LANGUAGES, LANGUAGE_QUERY } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";

/**
 * Two real links (`?lang=pt`, `?lang=en`) that work without JavaScript; the server remembers the
 * choice in a cookie. Each link is written in its own language.
 */
export function LanguageSwitcher() {
  const current = useLanguage();
  const { t, i18n } = useTranslation("common");
  const location = useLocation();
  return (
    <nav className="language-switcher" aria-label={t("language.label")}>
      <ul>
        {LANGUAGES.map((language) => {
          const search = new URLSearchParams(location.search);
          search.set(LANGUAGE_QUERY, language);
          const isCurrent = language === current;
          const inLanguage = i18n.getFixedT(language, "common");
          const name = inLanguage(`language.${language}`);
          return (
            <li key={language}>
              <a
                href={`${appPath(location.pathname)}?${search.toString()}`}
                lang={language}
                hrefLang={language}
                aria-current={isCurrent ? "true" : undefined}
                title={inLanguage("language.switchTo", { language: name })}
              >
                <span aria-hidden="true">{t(`language.${language}Short`)}</span>
                <span className="visually-hidden">{name}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
