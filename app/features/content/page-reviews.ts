import { INTL_LOCALES, type Language } from "~/i18n/languages";

// Every page's review date, collected at build time from its content files' front matter.
import { PAGE_REVIEWS } from "virtual:areaoe-page-reviews";

/**
 * When each page was last reviewed against its sources: the `reviewed: YYYY-MM-DD` of its content files'
 * front matter (both languages state the same), collected at build time
 * (scripts/build/content/vite-plugin-page-front-matter.ts). An object per page, not a bare date, so that a
 * later field (who reviewed, what changed) can join it. The content checks
 * (scripts/checks/content/page-facts.test.ts) keep every page dated and no date older than twelve months.
 */
export interface PageReview {
  /** Calendar date of the last review, ISO 8601 (YYYY-MM-DD). */
  reviewed: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date of an ISO YYYY-MM-DD string, at UTC midnight; undefined when it is not a real date. */
export function parseReviewDate(iso: string): Date | undefined {
  const match = ISO_DATE.exec(iso);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** The page's review, if it has a valid one. */
export function pageReview(pageId: string): PageReview | undefined {
  const review = PAGE_REVIEWS[pageId];
  return review && parseReviewDate(review.reviewed) ? review : undefined;
}

// "26 de novembro de 2026" / "26 November 2026": British English puts the day first.

/** The date as a reader of the language writes it, in full (a calendar date: no time zone shift). */
export function formatReviewDate(iso: string, lang: Language): string {
  const date = parseReviewDate(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}
