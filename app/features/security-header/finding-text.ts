import type { TFunction } from "~/i18n/small-t";
import { pageHref } from "~/config/site-map";
import { findingWordingKey, type FindingWordingPart } from "~/config/finding-wording";

/**
 * One verdict, worded once: the checker page and the SOAP sandbox's Faults word each finding from its
 * code and params, with this feature's texts (`check.finding.<CODE>.*`, `check.likelyCause.*`), in the
 * visitor's language. The codes and params themselves never change with the language.
 */
export interface FindingLike {
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface FindingText {
  readonly title: string;
  readonly fix: string;
  /** The likely cause, when the verifier found one (`params.likelyCause`). */
  readonly cause: string | null;
}

/** Titles worded by their likely cause rather than by the bare code (a time zone, not "in the future"). */
const TITLE_BY_CAUSE: Readonly<Record<string, FindingWordingPart>> = { "time-zone": "titleTimeZone" };

/** `t` is this feature's namespace ("security-header"): `useTranslation("security-header").t` or `serverT(lang, "security-header")`. */
export function findingText(t: TFunction, finding: FindingLike): FindingText {
  const params = { ...finding.params, interpolation: { escapeValue: false } };
  const likelyCause = typeof finding.params.likelyCause === "string" ? finding.params.likelyCause : null;
  const titleKey = (likelyCause ? TITLE_BY_CAUSE[likelyCause] : undefined) ?? "title";
  return {
    title: t(findingWordingKey(finding.code, titleKey), params),
    fix: t(findingWordingKey(finding.code, "fix"), params),
    cause: likelyCause ? t(`check.likelyCause.${likelyCause}`, params) : null,
  };
}

/** A code's entry in the fault catalogue (the page's address; `origin` makes it absolute). */
export function findingCatalogueHref(code: string, origin = ""): string {
  return `${origin}${pageHref("security-header-faults")}#${code}`;
}
