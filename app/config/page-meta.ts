import type { MetaDescriptor } from "react-router";
import { pageText } from "~/i18n/texts-context";
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_QUERY } from "~/i18n/languages";
import type { RootData } from "./use-root-data";
import { appPath } from "./paths";
import { ATOM_MEDIA_TYPE, feedPath, feedsOfPage } from "./feeds";

interface MetaArgs {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>;
}

/**
 * Title, description and hreflang alternates for a page. Each page states its alternates because a
 * child route's meta replaces its parents'.
 */
export function pageMeta(id: string) {
  return ({ location, matches }: MetaArgs): MetaDescriptor[] => {
    const root = matches.find((match) => match?.id === "root");
    const data = (root?.loaderData ?? root?.data) as RootData | undefined;
    const lang = data?.lang ?? DEFAULT_LANGUAGE;
    const texts = pageText(id, lang);
    const site = pageText("home", lang).title;
    const origin = data?.origin ?? "";
    // Router locations are relative to the basename.
    const path = appPath(location.pathname);
    const alternates = LANGUAGES.map((language) => {
      const search = new URLSearchParams(location.search);
      search.set(LANGUAGE_QUERY, language);
      return {
        tagName: "link",
        rel: "alternate",
        hrefLang: language,
        href: `${origin}${path}?${search.toString()}`,
      };
    });
    // The page's Atom feeds, one per language (config/feeds.ts).
    const feeds = feedsOfPage(id).flatMap((feed) =>
      LANGUAGES.map((language) => ({ tagName: "link", rel: "alternate", type: ATOM_MEDIA_TYPE, hrefLang: language, href: `${origin}${feedPath(feed, language)}` })),
    );
    return [
      { title: id === "home" ? `${site} | areaOE` : `${texts.title} | areaOE` },
      { name: "description", content: texts.summary },
      ...alternates,
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${path}` },
      ...feeds,
    ];
  };
}
