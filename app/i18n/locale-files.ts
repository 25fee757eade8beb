/**
 * Where each language's texts of each namespace live: shared namespaces in
 * app/i18n/locales/<lang>/<namespace>.json, feature namespaces in app/features/<feature>/locales/<lang>.json
 * (the namespace is the feature's folder name). Glob keys are relative to app/i18n/.
 */
export interface LocaleFile {
  lang: string;
  namespace: string;
  /** Relative to the project root, as in Vite's build manifest: app/i18n/locales/pt/common.json. */
  source: string;
}

export function parseLocaleFile(globKey: string): LocaleFile | undefined {
  const shared = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(globKey);
  if (shared) return { lang: shared[1] ?? "", namespace: shared[2] ?? "", source: `app/i18n/${globKey.slice(2)}` };
  const feature = /^\.\.\/features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(globKey);
  if (feature) return { lang: feature[2] ?? "", namespace: feature[1] ?? "", source: `app/${globKey.slice(3)}` };
  return undefined;
}

export const localeKey = (lang: string, namespace: string) => `${lang}/${namespace}`;

/** The namespaces every page needs in the browser: the default one and page titles (meta functions). */
export const ALWAYS_LOADED_NAMESPACES = ["common", "pages"] as const;
