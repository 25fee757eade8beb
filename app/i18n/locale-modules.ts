import type { Bundle } from "./small-t";
import { localeKey, parseLocaleFile } from "./locale-files";

// The browser's texts: one chunk per language and namespace, loaded on demand (the server preloads
// the ones the page uses). Nothing here is bundled eagerly.
const shared = import.meta.glob<{ default: Bundle }>("./locales/*/*.json");
const features = import.meta.glob<{ default: Bundle }>("../features/*/locales/*.json");

const loaders = new Map<string, () => Promise<{ default: Bundle }>>();
for (const [file, load] of Object.entries({ ...shared, ...features })) {
  const locale = parseLocaleFile(file);
  if (locale) loaders.set(localeKey(locale.lang, locale.namespace), load);
}

/** The texts of one namespace in one language. */
export async function loadLocale(lang: string, namespace: string): Promise<Bundle> {
  const load = loaders.get(localeKey(lang, namespace));
  if (!load) throw new Error(`No texts for ${lang}/${namespace}`);
  return (await load()).default;
}
