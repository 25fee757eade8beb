import { useContext } from "react";
import type { KeyPrefix, TextNamespace, TFunction } from "./text-keys";
import { defaultTextSource, TextsContext, type TextSource } from "./texts-context";

export interface TranslationOptions<P extends string | undefined = string | undefined> {
  keyPrefix?: P;
  lng?: string;
}

export type Translation<N extends TextNamespace = "common", P extends string | undefined = undefined> = [TFunction<N, P>, TextSource, boolean] & {
  t: TFunction<N, P>;
  i18n: TextSource;
  ready: boolean;
};

/**
 * Every component's texts: a `t` fixed to the page's language and the first namespace asked for (a
 * `namespace:key` reads another). On the server the source is the render's texts, whose fixed `t`
 * lives for the process (server-texts.ts) and which record the namespaces an island's render used (its
 * JSON carries them, app/islands/island.tsx). In an island in the browser it is the texts the server wrote
 * into the page (app/islands/fixed-texts.ts): every text the island's first render needs is there.
 */
export function useTranslation<N extends TextNamespace = "common", P extends KeyPrefix<N> | undefined = undefined>(
  ns?: N | readonly [N, ...TextNamespace[]],
  options?: TranslationOptions<P>,
): Translation<N, P> {
  const source = useContext(TextsContext) ?? defaultTextSource();
  const namespaces: readonly string[] = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
  source.reportNamespaces?.addUsedNamespaces(namespaces);
  const lng = options?.lng ?? source.language;
  // Typed by the namespace's keys (text-keys.ts); the small `t` itself reads any key.
  const t: TFunction<N, P> = source.getFixedT(lng, namespaces[0] ?? "common", options?.keyPrefix);
  return Object.assign([t, source, true] as [TFunction<N, P>, TextSource, boolean], { t, i18n: source, ready: true });
}
