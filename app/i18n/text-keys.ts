import type { PageId } from "~/config/site-map";
import type { TextOptions } from "./small-t";
import type common from "./locales/pt/common.json";
import type feeds from "./locales/pt/feeds.json";
import type pagesJson from "./locales/pt/pages.json";
import type sandboxTrace from "./locales/pt/sandbox-trace.json";
import type ui from "./locales/pt/ui.json";
import type certificateRenewal from "~/features/certificate-renewal/locales/pt.json";
import type content from "~/features/content/locales/pt.json";
import type documents from "~/features/documents/locales/pt.json";
import type errors from "~/features/errors/locales/pt.json";
import type faultCatalogue from "~/features/fault-catalogue/locales/pt.json";
import type glossary from "~/features/glossary/locales/pt.json";
import type ivaExp from "~/features/iva-exp/locales/pt.json";
import type journeys from "~/features/journeys/locales/pt.json";
import type search from "~/features/search/locales/pt.json";
import type securityHeader from "~/features/security-header/locales/pt.json";
import type session from "~/features/session/locales/pt.json";
import type timeLimits from "~/features/time-limits/locales/pt.json";

/**
 * The text keys as types: every namespace's keys come from its pt file (the en file has the same keys:
 * app/i18n/resources.test.ts), so `t("a.typo")` fails the typecheck, and so does a dynamic key built
 * from a value whose type allows a key without text (`t(\`kinds.${kind}\`)` with `kind: string`, or a
 * member of a union that has no text). The `pages` namespace is filled at build time from the content
 * files' front matter (scripts/build/content/vite-plugin-page-front-matter.ts): its keys are the page ids of
 * the manifest. A new namespace (a feature's `locales/` folder, or a shared file) is added here and to
 * TEXT_NAMESPACES; text-keys.test.ts compares that list with the files.
 */

/** What each page has in the `pages` namespace (app/i18n/texts-context.ts, `pageText`). */
type PageTextsShape = { title: string; breadcrumb: string; summary: string };

export interface TextNamespaces {
  common: typeof common;
  feeds: typeof feeds;
  pages: Record<PageId | keyof typeof pagesJson, PageTextsShape>;
  "sandbox-trace": typeof sandboxTrace;
  ui: typeof ui;
  "certificate-renewal": typeof certificateRenewal;
  content: typeof content;
  documents: typeof documents;
  errors: typeof errors;
  "fault-catalogue": typeof faultCatalogue;
  glossary: typeof glossary;
  "iva-exp": typeof ivaExp;
  journeys: typeof journeys;
  search: typeof search;
  "security-header": typeof securityHeader;
  session: typeof session;
  "time-limits": typeof timeLimits;
}

export type TextNamespace = keyof TextNamespaces;

/** The namespaces at run time (text-keys.test.ts: the same as the locale files'). */
export const TEXT_NAMESPACES = [
  "common",
  "feeds",
  "pages",
  "sandbox-trace",
  "ui",
  "certificate-renewal",
  "content",
  "documents",
  "errors",
  "fault-catalogue",
  "glossary",
  "iva-exp",
  "journeys",
  "search",
  "security-header",
  "session",
  "time-limits",
] as const satisfies readonly TextNamespace[];
// Compiles only while TEXT_NAMESPACES names every namespace of TextNamespaces.
const everyNamespaceListed: Exclude<TextNamespace, (typeof TEXT_NAMESPACES)[number]> extends never ? true : never = true;
void everyNamespaceListed;

/** Every dotted path to a text (a string) of a bundle. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : T[K] extends object ? Leaves<T[K], `${Prefix}${K}.`> : never;
}[keyof T & string];

/** Every dotted path to a group of texts (an object) of a bundle: the possible key prefixes. */
type Branches<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? never : T[K] extends object ? `${Prefix}${K}` | Branches<T[K], `${Prefix}${K}.`> : never;
}[keyof T & string];

type LeafCache = { [N in TextNamespace]: Leaves<TextNamespaces[N]> };

/** The keys of a namespace under a prefix (`SubKey<"security-header", "check.likelyCause">`): a dynamic family. */
export type SubKey<N extends TextNamespace, Prefix extends string> = Under<NamespaceKey<N>, Prefix>;

/** Every key of a namespace, as written in its files (plural forms with their `_one`/`_other` suffix). */
export type NamespaceKey<N extends TextNamespace> = LeafCache[N];

/** The key prefixes of a namespace (`useTranslation(ns, { keyPrefix })`, `serverT(lang, ns, keyPrefix)`). */
export type KeyPrefix<N extends TextNamespace> = Branches<TextNamespaces[N]>;

type Under<Keys extends string, Prefix extends string | undefined> = Prefix extends string
  ? Keys extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : Keys;

/** A plural's key without its suffix: `t("results", { count })` reads `results_one`/`results_other`. */
type PluralBase<Keys extends string> = Keys extends `${infer Base}_other` ? Base : never;

type AllNamespacedKeys = { [N in TextNamespace]: `${N}:${NamespaceKey<N>}` }[TextNamespace];
type AllNamespacedPluralBases = { [N in TextNamespace]: `${N}:${PluralBase<NamespaceKey<N>>}` }[TextNamespace];

/** The keys a `t` of namespace N (and key prefix P) accepts: its own, and `namespace:key` of any namespace without a prefix. */
export type TextKey<N extends TextNamespace, P extends string | undefined = undefined> =
  | Under<NamespaceKey<N>, P>
  | (P extends string ? never : AllNamespacedKeys);

/** The plural keys (without suffix) a `t` of namespace N accepts when `count` is given. */
export type PluralKey<N extends TextNamespace, P extends string | undefined = undefined> =
  | PluralBase<Under<NamespaceKey<N>, P>>
  | (P extends string ? never : AllNamespacedPluralBases);

/**
 * The portal's `t` for one namespace (and key prefix): a key it has no text for fails the typecheck;
 * a plural's key without its suffix needs `count`. A key that may have no text by design (a code from
 * outside whose text is optional) is read with an explicit `defaultValue`, which any string key takes.
 */
export interface TFunction<N extends TextNamespace = "common", P extends string | undefined = undefined> {
  (key: TextKey<N, P>, options?: TextOptions): string;
  (key: PluralKey<N, P>, options: TextOptions & { readonly count: number }): string;
  (key: string, options: TextOptions & { readonly defaultValue: string }): string;
}
