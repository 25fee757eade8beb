/**
 * The portal's `t`, on the server and in the browser: the subset of i18next's behaviour the portal's
 * texts use, over plain namespace bundles (the JSON files of the locales). It resolves `namespace:key`
 * and dotted keys, a component's key prefix, plurals by `count` with i18next's suffixes (`_zero` for
 * exactly 0, then `_one`/`_other`… from `Intl.PluralRules`), and `{{name}}` interpolation (dotted
 * paths too) without escaping (React escapes the text). A variable that is not given stays as written,
 * one given as null or undefined becomes empty, as i18next does. The texts use no nesting (`$t(`),
 * context or formatters; app/i18n/small-t.test.ts checks that and compares every text with i18next's
 * result (i18next is a development dependency for that comparison only).
 */
export type Bundle = { readonly [key: string]: unknown };
export type TextOptions = { readonly [name: string]: unknown };
export type SmallT = (key: string, options?: TextOptions) => string;
/** What components call `t`: the small `t`, its keys typed from the pt texts (text-keys.ts). */
export type { TFunction } from "./text-keys";

/**
 * What a key without text gives: in tests and development (`import.meta.env.DEV`, which Vitest sets)
 * an error naming the language, namespace and key, so a typo or a missing text fails at once; in the
 * production build the key itself, as i18next shows it (a visitor sees a raw key rather than an error
 * page), whatever setMissingTextMode says. A `defaultValue` is not a missing text.
 */
export type MissingTextMode = "throw" | "key";

let missingTextMode: MissingTextMode = import.meta.env?.DEV ? "throw" : "key";

/** For the tests of the production behaviour only. */
export function setMissingTextMode(mode: MissingTextMode): MissingTextMode {
  const previous = missingTextMode;
  missingTextMode = mode;
  return previous;
}

export class MissingTextError extends Error {
  override name = "MissingTextError";
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralSuffix(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return `_${rules.select(count)}`;
}

function lookup(bundle: Bundle | undefined, key: string): unknown {
  if (!bundle) return undefined;
  if (Object.hasOwn(bundle, key)) return bundle[key];
  let node: unknown = bundle;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

function valueAt(options: TextOptions, path: string): unknown {
  if (Object.hasOwn(options, path)) return options[path];
  let node: unknown = options;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as TextOptions)[part];
  }
  return node;
}

const PLACEHOLDER = /{{-?\s*([^{}]+?)\s*}}/g;

export function interpolate(text: string, options: TextOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = valueAt(options, name);
    if (value === undefined) return Object.hasOwn(options, name) ? "" : whole;
    return value === null ? "" : String(value);
  });
}

const NAMESPACED = /^([\w-]+):(.+)$/;

/**
 * A `t` fixed to one language and namespace (a `namespace:key` reads another), reading bundles through
 * `bundle` at each call.
 */
export function createSmallT(
  lang: string,
  namespace: string,
  bundle: (lang: string, namespace: string) => Bundle | undefined,
  keyPrefix?: string,
): SmallT {
  return (key, options) => {
    let searched = namespace;
    let path = key;
    const named = NAMESPACED.exec(key);
    if (named?.[1] && named[2]) {
      searched = named[1];
      path = named[2];
    }
    if (keyPrefix) path = `${keyPrefix}.${path}`;
    const count = options?.count;
    const candidates = [path];
    if (typeof count === "number") {
      // A form the texts lack (pt's "many", for exact millions) reads `_other`; i18next would fall
      // back to the next language instead (the browser holds one language only).
      candidates.unshift(path + pluralSuffix(lang, count), `${path}_other`);
      if (count === 0) candidates.unshift(`${path}_zero`);
    }
    const texts = bundle(lang, searched);
    for (const candidate of candidates) {
      const found = lookup(texts, candidate);
      if (typeof found === "string") return interpolate(found, options);
    }
    if (typeof options?.defaultValue === "string") return interpolate(options.defaultValue, options);
    // Never "throw" in a production build: the build drops this branch and its message (islands' weight).
    if (import.meta.env?.DEV && missingTextMode === "throw") {
      throw new MissingTextError(`No text for "${key}" (${lang}, namespace "${searched}"${keyPrefix ? `, key prefix "${keyPrefix}"` : ""}): add it to both languages' locale files`);
    }
    return key;
  };
}
