import { LANGUAGES } from "./languages";
import type { Bundle } from "./small-t";
import { parseLocaleFile } from "./locale-files";

// Server side and tests only: every text of every language, bundled. The browser never imports this
// module: an island gets the namespaces its server render used, in the page (app/islands/island.tsx).
const shared = import.meta.glob<{ default: Bundle }>("./locales/*/*.json", { eager: true });
const features = import.meta.glob<{ default: Bundle }>("../features/*/locales/*.json", {
  eager: true,
});

/** Language → namespace → texts. */
export type Resources = Record<string, Record<string, Bundle>>;

function buildResources(): Resources {
  const resources: Resources = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}]));
  for (const [file, module] of Object.entries({ ...shared, ...features })) {
    const locale = parseLocaleFile(file);
    if (!locale) continue;
    (resources[locale.lang] ??= {})[locale.namespace] = module.default;
  }
  return resources;
}

export const resources = buildResources();

export const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))];
