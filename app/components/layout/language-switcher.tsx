import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { TFunction } from "i18next";
import { LANGUAGES, LANGUAGE_QUERY } from "../../i18n/languages";
import { useLanguage } from "../../i18n/use-language";

/**
 * Two real links (`?lang=pt`, `?lang=en`) that work without JavaScript; the server remembers the
 * choice in a cookie. Each link is written in its own language.
 */
/**
 * The switch-to title of a language, in that language. A lookup with options skips the server's text
 * memo (create-i18n.ts), so the titles are kept per fixed `t`: on the server one per language for the
 * process's life; in the browser getFixedT gives a new `t` per render, so nothing is kept there.
 */
const switchTitles = new WeakMap<TFunction, string>();

function switchTitle(inLanguage: TFunction, name: string): string {
  let title = switchTitles.get(inLanguage);
  if (title === undefined) {
    title = inLanguage("language.switchTo", { language: name });
    switchTitles.set(inLanguage, title);
  }
  return title;
}

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
              <Link
                to={{ pathname: location.pathname, search: `?${search.toString()}` }}
                lang={language}
                hrefLang={language}
                aria-current={isCurrent ? "true" : undefined}
                title={switchTitle(inLanguage, name)}
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
