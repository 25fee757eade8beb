/**
 * Where each language's texts of each namespace live: shared namespaces in
 * app/i18n/locales/<lang>/<namespace>.json, feature namespaces in app/features/<feature>/locales/<lang>.json
 * (the namespace is the feature's folder name). Glob keys are relative to app/i18n/.
 */
export interface LocaleFile {
  lang: string;
  namespace: string;
}

export function parseLocaleFile(globKey: string): LocaleFile | undefined {
  const shared = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(globKey);
  if (shared) return { lang: shared[1] ?? "", namespace: shared[2] ?? "" };
  const feature = /^\.\.\/features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(globKey);
  if (feature) return { lang: feature[2] ?? "", namespace: feature[1] ?? "" };
  return undefined;
}
