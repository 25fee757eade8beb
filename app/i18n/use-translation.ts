import { use, useContext, useSyncExternalStore } from "react";
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

const noSubscription = () => () => {};
const noVersion = () => 0;

/**
 * Every component's texts: a `t` fixed to the page's language and the first namespace asked for (a
 * `namespace:key` reads another). On the server the source is the render's texts, whose fixed `t`
 * lives for the process (server-texts.ts) and which record the namespaces for the browser's preload. In the browser it is the small store of client-texts.ts: a
 * namespace not loaded yet suspends the component until its chunk arrives (a page reached by a
 * client-side navigation), and a language switch re-renders every component.
 */
export function useTranslation<N extends TextNamespace = "common", P extends KeyPrefix<N> | undefined = undefined>(
  ns?: N | readonly [N, ...TextNamespace[]],
  options?: TranslationOptions<P>,
): Translation<N, P> {
  const source = useContext(TextsContext) ?? defaultTextSource();
  useSyncExternalStore(source.subscribe ?? noSubscription, source.version ?? noVersion, noVersion);
  const namespaces: readonly string[] = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
  source.reportNamespaces?.addUsedNamespaces(namespaces);
  const lng = options?.lng ?? source.language;
  const loading = source.pending?.(lng, namespaces);
  if (loading) use(loading);
  // Typed by the namespace's keys (text-keys.ts); the small `t` itself reads any key.
  const t: TFunction<N, P> = source.getFixedT(lng, namespaces[0] ?? "common", options?.keyPrefix);
  return Object.assign([t, source, true] as [TFunction<N, P>, TextSource, boolean], { t, i18n: source, ready: true });
}
