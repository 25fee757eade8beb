import { useContext } from "react";
import {
  getI18n,
  I18nContext,
  useTranslation as useReactI18nextTranslation,
  type UseTranslationOptions,
  type UseTranslationResponse,
} from "react-i18next";
import type { FlatNamespace, KeyPrefix } from "i18next";

type Namespaces = FlatNamespace | readonly FlatNamespace[];
type FirstNamespace<Ns extends Namespaces> = Ns extends readonly FlatNamespace[] ? Ns[0] : Ns;

/**
 * Server renders: the render's i18n view (create-i18n.ts) already holds every text of one fixed
 * language, so a component needs only the namespace's fixed `t` (one per language and namespace for
 * the process's life, see resolveLookupsOnce) and its namespaces recorded for the browser's preload.
 * react-i18next's hook also builds options, a snapshot store and a copy of the instance per component
 * call, for language changes and loading that cannot happen during a server render (about a tenth of
 * a content page's render CPU).
 */
function useServerTranslation<Ns extends Namespaces, KPrefix extends KeyPrefix<FirstNamespace<Ns>> = undefined>(
  ns?: Ns,
  options?: UseTranslationOptions<KPrefix>,
): UseTranslationResponse<FirstNamespace<Ns>, KPrefix> {
  const fromContext = useContext(I18nContext)?.i18n;
  const i18n = options?.i18n ?? fromContext ?? getI18n();
  const namespaces: readonly string[] = ns === undefined ? [defaultNamespace(i18n.options.defaultNS)] : typeof ns === "string" ? [ns] : ns;
  i18n.reportNamespaces?.addUsedNamespaces(namespaces);
  const t = i18n.getFixedT<FirstNamespace<Ns>, KPrefix>(
    options?.lng ?? i18n.language,
    namespaces[0] as FirstNamespace<Ns>,
    options?.keyPrefix,
  );
  return Object.assign([t, i18n, true] as [typeof t, typeof i18n, boolean], { t, i18n, ready: true });
}

function defaultNamespace(defaultNS: string | false | readonly string[] | undefined): string {
  if (typeof defaultNS === "string") return defaultNS;
  return (Array.isArray(defaultNS) ? (defaultNS[0] as string | undefined) : undefined) ?? "translation";
}

const onServer = typeof document === "undefined";

/**
 * `useTranslation` for every component: react-i18next's in the browser (and in component tests),
 * where the language and the loaded texts change; a direct fixed `t` on the server.
 */
export const useTranslation = (onServer ? useServerTranslation : useReactI18nextTranslation) as typeof useReactI18nextTranslation;
