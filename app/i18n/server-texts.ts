import { DEFAULT_LANGUAGE } from "./languages";
import { resources } from "./resources";
import { createSmallT, type Bundle, type SmallT } from "./small-t";
import type { KeyPrefix, TextNamespace, TFunction } from "./text-keys";
import { setDefaultTextSource, type TextSource } from "./texts-context";

// The server's texts (and the tests'): every namespace of every language is in memory (resources.ts),
// read through the same small `t` as the islands' in the browser (small-t.ts), so a hydrated island shows
// exactly what the server rendered. An island's browser holds only the namespaces its render used.

const bundle = (lang: string, namespace: string): Bundle | undefined => resources[lang]?.[namespace];

/** One `t` per language, namespace and key prefix for the life of the process (texts never change). */
const fixed = new Map<string, SmallT>();

function fixedT(lang: string, namespace: string, keyPrefix?: string): SmallT {
  const id = `${lang}\u0000${namespace}\u0000${keyPrefix ?? ""}`;
  let t = fixed.get(id);
  if (!t) {
    t = createSmallT(lang, namespace, bundle, keyPrefix);
    fixed.set(id, t);
  }
  return t;
}

/**
 * A `t` fixed to a language and namespace (a `namespace:key` reads another), outside any render; its
 * keys are typed from the namespace's pt texts (text-keys.ts).
 */
export function serverT<N extends TextNamespace = "common", P extends KeyPrefix<N> | undefined = undefined>(
  lang: string,
  namespace?: N,
  keyPrefix?: P,
): TFunction<N, P> {
  return fixedT(lang, namespace ?? "common", keyPrefix);
}

/** The texts of one server render: its language, and the namespaces it used. */
export interface RenderTexts extends TextSource {
  /** The namespaces this render used so far. */
  usedNamespaces(): string[];
}

/** The texts of one server render (or test), fixed to `lang`, recording the namespaces it uses. */
export function createRenderTexts(lang: string): RenderTexts {
  const used = new Set<string>();
  return {
    language: lang,
    getFixedT: fixedT,
    bundle,
    reportNamespaces: {
      addUsedNamespaces(namespaces) {
        for (const namespace of namespaces) used.add(namespace);
      },
    },
    usedNamespaces: () => [...used],
  };
}

// Outside a render's provider (tests, scripts), components read the default language's texts.
setDefaultTextSource(createRenderTexts(DEFAULT_LANGUAGE));

