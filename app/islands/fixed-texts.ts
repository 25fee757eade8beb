import { createSmallT, type Bundle, type SmallT } from "~/i18n/small-t";
import type { TextSource } from "~/i18n/texts-context";

/**
 * An island's texts in the browser: the namespaces its server render used, in the page's language, as the
 * server wrote them into the island's JSON. Nothing loads: the first render has every text it had on the
 * server (no hydration mismatch, no text chunk to wait for).
 */
export function fixedTexts(lang: string, bundles: Readonly<Record<string, Bundle>>): TextSource {
  const fixed = new Map<string, SmallT>();
  const bundle = (lng: string, ns: string): Bundle | undefined => (lng === lang && Object.hasOwn(bundles, ns) ? bundles[ns] : undefined);
  return {
    language: lang,
    bundle,
    getFixedT(lng, ns, keyPrefix) {
      const id = `${lng}\u0000${ns}\u0000${keyPrefix ?? ""}`;
      let t = fixed.get(id);
      if (!t) {
        t = createSmallT(lng, ns, bundle, keyPrefix);
        fixed.set(id, t);
      }
      return t;
    },
  };
}
