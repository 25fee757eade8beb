import type { TextKey } from "~/i18n/text-keys";

/**
 * The part of the startup configuration that the browser may see. It is rendered into the page by
 * the root loader (no second round trip) and never holds secrets.
 */
export interface LocalizedText {
  pt: string;
  en: string;
}

export interface UsefulLink {
  /** Text from the configuration, per language. */
  linkText?: LocalizedText;
  /**
   * Or a text key (of `common`, or `namespace:key`, e.g. a page's title in `pages`), in the page's
   * language; typed, and a content file's keys are checked by scripts/checks/content/text-families.test.ts.
   */
  labelKey?: TextKey<"common">;
  href: string;
  inApp: boolean;
}

export type PublicLinkName =
  | "tariff"
  | "gue"
  | "eori"
  | "contactUs"
  | "customsInformation"
  | "forms"
  | "customsLinks"
  | "financePortal"
  | "vehicleTaxSimulator";

export interface PublicConfig {
  /** The vehicle tax simulator has no default address (docs/operations.md, "Default addresses"). */
  links: Record<Exclude<PublicLinkName, "vehicleTaxSimulator">, string> & { vehicleTaxSimulator?: string };
  /** The Useful Links list before any page adds to it or replaces it. */
  usefulLinks: UsefulLink[];
  /** Where the browser reports errors: the startup configuration's endpoint, URL and method. */
  errorReporting?: { enabled: boolean; url: string; method: string };
  /** Test-only fault injection (app/features/errors/fault-injection.tsx). */
  faultInjection?: boolean;
}

/** Declared by a page in its route `handle` to change the side panel's Useful Links. */
export interface UsefulLinksDeclaration {
  mode: "replace" | "append";
  links: UsefulLink[];
}

/** The built-in Useful Links of the side panel: customs information, tariff, forms, customs links, GUE, EORI. */
export function defaultUsefulLinks(links: PublicConfig["links"]): UsefulLink[] {
  const item = (labelKey: TextKey<"common">, href: string): UsefulLink => ({ labelKey, href, inApp: false });
  return [
    item("sidePanel.customsInformation", links.customsInformation),
    item("sidePanel.tariff", links.tariff),
    item("sidePanel.forms", links.forms),
    item("sidePanel.customsLinks", links.customsLinks),
    item("sidePanel.gue", links.gue),
    item("sidePanel.eori", links.eori),
  ];
}

/**
 * Applies the pages' declarations in route order (outermost first): `replace` starts a new list,
 * `append` adds to the current one.
 */
export function resolveUsefulLinks(
  base: UsefulLink[],
  declarations: ReadonlyArray<UsefulLinksDeclaration | undefined>,
): UsefulLink[] {
  return declarations.reduce<UsefulLink[]>((list, declaration) => {
    if (!declaration) return list;
    return declaration.mode === "replace" ? [...declaration.links] : [...list, ...declaration.links];
  }, base);
}
