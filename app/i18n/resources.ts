import type { Resource, ResourceLanguage } from "i18next";
import { LANGUAGES } from "./languages";

// Shared namespaces live in app/i18n/locales/<lang>/<namespace>.json; each feature owns its texts in
// app/features/<feature>/locales/<lang>.json, registered here under the feature's folder name.
const shared = import.meta.glob<{ default: ResourceLanguage }>("./locales/*/*.json", { eager: true });
const features = import.meta.glob<{ default: ResourceLanguage }>("../features/*/locales/*.json", {
  eager: true,
});

function buildResources(): Resource {
  const resources: Resource = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}]));
  for (const [file, module] of Object.entries(shared)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang = "", namespace = ""] = match;
    (resources[lang] ??= {})[namespace] = module.default;
  }
  for (const [file, module] of Object.entries(features)) {
    const match = /\.\.\/features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, feature = "", lang = ""] = match;
    (resources[lang] ??= {})[feature] = module.default;
  }
  return resources;
}

export const resources = buildResources();

export const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))];
