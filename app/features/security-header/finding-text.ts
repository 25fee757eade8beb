import type { FindingCode } from "@areaoe/security-header/node";
import type { SubKey, TFunction } from "~/i18n/text-keys";
import { pageHref } from "~/config/site-map";

/**
 * One verdict, worded once: the checker page and the SOAP sandbox's Faults word each finding from its
 * code and params, with this feature's texts (`check.finding.<CODE>.*`, `check.likelyCause.*`), in the
 * visitor's language. The codes and params themselves never change with the language.
 */
export interface FindingLike {
  readonly code: FindingCode;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface FindingText {
  readonly title: string;
  readonly fix: string;
  /** The likely cause, when the verifier found one (`params.likelyCause`). */
  readonly cause: string | null;
}

/**
 * Titles worded by their likely cause rather than by the bare code (a time zone, not "in the future").
 * The keys are those of ~/config/finding-wording.ts (the finding records' check reads that rule), written
 * out here so that the typecheck holds each against the texts.
 */
const TITLE_BY_CAUSE: Readonly<Record<string, "titleTimeZone">> = { "time-zone": "titleTimeZone" };

/** The verifier's likely causes (its params are plain strings): each has a text (finding-text.test.ts). */
type LikelyCause = SubKey<"security-header", "check.likelyCause">;
/** The codes whose title has a time-zone wording (the verifier's `time-zone` cause comes with these only). */
type TimeZoneTitled = SubKey<"security-header", "check.finding"> extends infer K ? (K extends `${infer Code}.titleTimeZone` ? Code : never) : never;

/** `t` is this feature's namespace ("security-header"): `useTranslation("security-header").t` or `serverT(lang, "security-header")`. */
export function findingText(t: TFunction<"security-header">, finding: FindingLike): FindingText {
  const params = { ...finding.params, interpolation: { escapeValue: false } };
  const likelyCause = typeof finding.params.likelyCause === "string" ? finding.params.likelyCause : null;
  const titleKey = (likelyCause ? TITLE_BY_CAUSE[likelyCause] : undefined) ?? "title";
  // A time zone is not a clock to set: its own fix, not the "set it by NTP" one.
  const timeZone = titleKey === "titleTimeZone";
  return {
    title: timeZone ? t(`check.finding.${finding.code as TimeZoneTitled}.titleTimeZone`, params) : t(`check.finding.${finding.code}.title`, params),
    fix: timeZone ? t(`check.finding.${finding.code as TimeZoneTitled}.fixTimeZone`, params) : t(`check.finding.${finding.code}.fix`, params),
    cause: likelyCause ? t(`check.likelyCause.${likelyCause as LikelyCause}`, params) : null,
  };
}

/** A code's entry in the fault catalogue (the page's address; `origin` makes it absolute). */
export function findingCatalogueHref(code: string, origin = ""): string {
  return `${origin}${pageHref("security-header-faults")}#${code}`;
}
