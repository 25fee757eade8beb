import { z } from "zod";

import { SITE_PAGES } from "../../config/site-map";
import {
  COUNTING_RULES,
  TIME_LIMIT_ACTORS,
  TIME_LIMIT_AREAS,
  TIME_LIMIT_DAY_TYPES,
  TIME_LIMIT_UNITS,
} from "./time-limit-values";

export * from "./time-limit-values";

// Runs at build time only (scripts/build/time-limits/): the pages import the types and the lists
// (time-limit-values.ts), never the schema, so zod stays out of the browser.

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_IDS = new Set<string>(SITE_PAGES.map((page) => page.id));

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isHttps(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const text = z.string({ error: "must be a text" }).trim().min(1, "must not be empty");
/** The numbers a text gives (days, articles, hours), sorted: the pt and en texts of a record give the same. */
const numbersIn = (value: string) => (value.match(/\d+/g) ?? []).sort();
const bilingual = z.strictObject({ pt: text, en: text }, { error: "must be { pt, en }, both texts" }).superRefine(({ pt, en }, context) => {
  const [inPt, inEn] = [numbersIn(pt), numbersIn(en)];
  if (inPt.join() !== inEn.join()) {
    context.addIssue({ code: "custom", message: `the pt and en texts give different numbers (pt: ${inPt.join(", ") || "none"}; en: ${inEn.join(", ") || "none"})` });
  }
});

function oneOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of: ${values.join(", ")}` });
}

/** One record of content/time-limits/<area>.json, as /work/time-limit-record-contract.md fixes it. Unknown keys are refused. */
export const timeLimitSchema = z
  .strictObject(
    {
      id: z.string({ error: "is required" }).regex(KEBAB_CASE, "must be kebab-case (lower-case letters, digits and hyphens)"),
      pages: z
        .array(
          z.string().refine((id) => PAGE_IDS.has(id), { error: (issue) => `${String(issue.input)} is not a page id of the manifest (app/config/site-map.ts)` }),
          { error: "must be a list of page ids" },
        )
        .min(1, "must name at least one page"),
      area: oneOf(TIME_LIMIT_AREAS),
      actor: oneOf(TIME_LIMIT_ACTORS),
      what: bilingual,
      event: bilingual,
      duration: z.number({ error: "must be a whole number, or null when set case by case" }).int("must be a whole number").positive("must be more than 0").nullable(),
      unit: oneOf(TIME_LIMIT_UNITS).nullable(),
      dayType: oneOf(TIME_LIMIT_DAY_TYPES).nullable(),
      counting: oneOf(COUNTING_RULES),
      setBy: bilingual.optional(),
      note: bilingual.optional(),
      /**
       * Optional, false: the calculator does not offer it (a period whose end is not the event plus the
       * duration, e.g. the globalised deferment period less half the days of the period). Added by D1,
       * backwards-compatibly.
       */
      calculator: z.literal(false, { error: "may only be false (absent: the calculator offers it)" }).optional(),
      /**
       * Optional, true: the law fixes only the longest period and the act sets the period within it (the
       * office fixes the time to pay, up to 10 days): the calculator gives the last day of that maximum
       * and says so, in the page and in the .ics reminder. Added by issue 47.
       */
      maximum: z.literal(true, { error: "may only be true (absent: the law fixes the period itself)" }).optional(),
      article: bilingual,
      source: z.string({ error: "is required: the primary source's address" }).refine(isHttps, "must be an https:// address"),
      sourceVersion: z.string({ error: "is required" }).regex(ISO_DATE, "must be YYYY-MM-DD").refine(isRealDate, "is not a real calendar date"),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown key(s) ${issue.keys.join(", ")}` : undefined) },
  )
  .superRefine((record, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (record.duration === null) {
      if (record.maximum) problem("maximum", "needs a duration: the longest period the law fixes");
      if (!record.setBy) problem("setBy", "is required when duration is null: who sets the time limit case by case");
      if (record.unit !== null) problem("unit", "must be null when duration is null");
      if (record.dayType !== null) problem("dayType", "must be null when duration is null");
      return;
    }
    if (record.unit === null) problem("unit", "is required when duration is a number");
    if (record.unit === "days" && record.dayType === null) problem("dayType", "is required for a time limit in days: calendar or working");
    if (record.unit !== "days" && record.unit !== null && record.dayType !== null) problem("dayType", "must be null when the unit is not days");
    if (record.counting === "none" && record.unit !== "hours" && record.unit !== "minutes") {
      problem("counting", "none is for a time limit in hours or minutes run by the clock");
    }
    if (record.counting === "pt-cpa" && record.unit === "days" && record.dayType !== "working") {
      problem("dayType", "must be working: the CPA (art. 87.º, c)) suspends a time limit on Saturdays, Sundays and holidays");
    }
  });

export type TimeLimitRecord = z.infer<typeof timeLimitSchema>;
export const timeLimitFileSchema = z.array(z.unknown(), { error: "the file must hold a JSON array of time-limit records" });
