import { useLocation, useMatches } from "react-router";
import { appPath } from "~/config/paths";
import { useTranslation } from "~/i18n/use-translation";
import { LANGUAGES, LANGUAGE_QUERY } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { LANGUAGE_LINK_ATTRIBUTE } from "~/components/ui/tool-panel/answered-page-script";

/**
 * What a page's route module may tell the language switch (its `handle`): the id of the section its
 * address's query answers (the calculator for `?prazo=…`), since the fragment the visitor's browser
 * shows never reaches the server.
 */
export interface LanguageSwitchHandle {
  answeredSection?: (search: URLSearchParams) => string | undefined;
}

function isLanguageSwitchHandle(handle: unknown): handle is LanguageSwitchHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as LanguageSwitchHandle).answeredSection === "function";
}

/**
 * Two real links (`?lang=pt`, `?lang=en`) that work without JavaScript; the server remembers the
 * choice in a cookie. Each link is written in its own language and keeps the page's whole query, and
 * the fragment of the section that query answers (the page's `handle`); on a page with an answered form,
 * its small script keeps the visitor's current address and fragment (answered-page-script.ts).
 */
export function LanguageSwitcher() {
  const current = useLanguage();
  const { t, i18n } = useTranslation("common");
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle;
  const section = isLanguageSwitchHandle(handle) ? handle.answeredSection?.(new URLSearchParams(location.search)) : undefined;
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
                href={`${appPath(location.pathname)}?${search.toString()}${section ? `#${section}` : ""}`}
                lang={language}
                hrefLang={language}
                aria-current={isCurrent ? "true" : undefined}
                title={inLanguage("language.switchTo", { language: name })}
                {...{ [LANGUAGE_LINK_ATTRIBUTE]: language }}
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
