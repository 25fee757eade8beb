import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FINDING_CODES, VERIFIER_KEY_STATUSES } from "@areaoe/security-header/node";
import { serverT } from "../../../app/i18n/server-texts";
import { LANGUAGES } from "../../../app/i18n/languages";
import type { TextNamespace } from "../../../app/i18n/text-keys";
import { SITE_PAGES } from "../../../app/config/site-map";
import { FEED_IDS } from "../../../app/config/feeds";
import { COUNTING_RULES, TIME_LIMIT_ACTORS, TIME_LIMIT_AREAS, TIME_LIMIT_UNITS } from "../../../app/features/time-limits/time-limit-values";
import { CUSTOMS_ROLES } from "../../../app/features/session/customs-roles";
import { SYSTEM_PROFILES } from "../../../app/features/session/system-profiles";
import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES } from "../../../app/features/documents/document-schema";
import { IVA_EXP_CHOICES, IVA_EXP_QUESTIONS } from "../../../app/features/iva-exp/iva-exp-check";
import { SANDBOX_FAULT_CODES } from "../../../server/sandbox/soap-response";
import { HEADER_FORM_CHOICES } from "../../../app/features/security-header/header-form-choice";
import { JOURNEY_ACTORS, JOURNEYS } from "../../../app/config/journeys";
import { FIRST_STEPS } from "../../../app/config/first-steps";

/**
 * Each dynamic text key family (`t(\`check.finding.${code}.title\`)`…) tied to the list its values come
 * from: every value of the list has its text in both languages. The typecheck holds the same where the
 * value's type is the list's (app/i18n/text-keys.ts); this test also holds where the value is data
 * (codes in a JSON answer, a manifest id), and names the missing key. A new member of a list without
 * its texts fails here: "family → missing keys".
 */
interface Family {
  readonly namespace: TextNamespace;
  readonly keys: readonly string[];
  /** Plural keys: read with a count (`_one`/`_other`). */
  readonly plural?: true;
}

/** The sandbox's own faults worded with their limits (sandbox-limits.ts), not by `sandbox.fault.<CODE>`. */
const LIMIT_FAULTS: Readonly<Record<string, string>> = { RATE_LIMITED: "sandboxLimits.rateLimited", SANDBOX_OVERLOADED: "sandboxLimits.overloaded" };

const each = <T extends string>(list: readonly T[], ...templates: ((value: T) => string)[]) => list.flatMap((value) => templates.map((key) => key(value)));

const FAMILIES: Readonly<Record<string, Family>> = {
  "verifier finding codes (FINDING_CODES)": { namespace: "security-header", keys: each(FINDING_CODES, (c) => `check.finding.${c}.title`, (c) => `check.finding.${c}.fix`) },
  "the sandbox's own faults (SANDBOX_FAULT_CODES)": { namespace: "security-header", keys: each(SANDBOX_FAULT_CODES, (c) => LIMIT_FAULTS[c] ?? `sandbox.fault.${c}`) },
  "header forms (HEADER_FORM_CHOICES)": {
    namespace: "security-header",
    keys: each(HEADER_FORM_CHOICES, (f) => `headerFormName.${f}`, (f) => `headerFormDescription.${f}`, (f) => `check.formName.${f}`),
  },
  "the sandbox's key statuses (VERIFIER_KEY_STATUSES)": { namespace: "security-header", keys: each(VERIFIER_KEY_STATUSES, (s) => `sandboxKeys.statusName.${s}`, (s) => `feeds:status.${s}`) },
  "pages of the manifest (SITE_PAGES)": {
    namespace: "pages",
    keys: each(SITE_PAGES.map((page) => page.id), (id) => `${id}.title`, (id) => `${id}.breadcrumb`, (id) => `${id}.summary`),
  },
  "feeds (FEED_IDS)": { namespace: "feeds", keys: each(FEED_IDS, (id) => `${id}Title`, (id) => `${id}Subtitle`) },
  "time-limit areas (TIME_LIMIT_AREAS)": { namespace: "time-limits", keys: each(TIME_LIMIT_AREAS, (area) => `areas.${area}`) },
  "time-limit actors (TIME_LIMIT_ACTORS)": { namespace: "time-limits", keys: each(TIME_LIMIT_ACTORS, (actor) => `actors.${actor}`) },
  "counting rules (COUNTING_RULES)": { namespace: "time-limits", keys: each(COUNTING_RULES, (rule) => `counting.${rule}`, (rule) => `calculator.rule.${rule}`) },
  "time-limit units (TIME_LIMIT_UNITS; days are calendar or working)": {
    namespace: "time-limits",
    plural: true,
    keys: TIME_LIMIT_UNITS.flatMap((unit) => (unit === "days" ? ["duration.calendarDays", "duration.workingDays"] : [`duration.${unit}`])),
  },
  "customs roles (CUSTOMS_ROLES)": { namespace: "session", keys: each(CUSTOMS_ROLES, (role) => `roles.${role}`) },
  "customs systems (SYSTEM_PROFILES)": { namespace: "session", keys: each(SYSTEM_PROFILES.map((system) => system.id), (id) => `systems.names.${id}`) },
  "document kinds (DOCUMENT_KINDS)": { namespace: "documents", keys: each(DOCUMENT_KINDS, (kind) => `kinds.${kind}`) },
  "document languages (DOCUMENT_LANGUAGES)": { namespace: "documents", keys: each(DOCUMENT_LANGUAGES, (language) => `languages.${language}`) },
  "IVAExp questions (IVA_EXP_QUESTIONS)": {
    namespace: "iva-exp",
    keys: each(IVA_EXP_QUESTIONS, (q) => `questions.${q}.label`, (q) => `questions.${q}.hint`, (q) => `conditions.${q}.met`, (q) => `conditions.${q}.missed`),
  },
  "IVAExp choices (IVA_EXP_CHOICES)": {
    namespace: "iva-exp",
    keys: Object.entries(IVA_EXP_CHOICES).flatMap(([question, options]) => options.map((option) => `questions.${question}.options.${option}`)),
  },
  "journey actors (JOURNEY_ACTORS)": { namespace: "journeys", keys: each(JOURNEY_ACTORS, (actor) => `actors.${actor}`) },
  "the services the journeys' steps link (JOURNEYS)": {
    namespace: "journeys",
    keys: each([...new Set(JOURNEYS.flatMap((journey) => journey.steps.flatMap((step) => ("services" in step ? [...step.services] : []))))], (service) => `services.${service}`),
  },
  "the first steps (FIRST_STEPS)": {
    namespace: "session",
    keys: each(FIRST_STEPS, (step) => `steps.${step}.title`, (step) => `steps.${step}.body`, (step) => `common:firstSteps.steps.${step}`),
  },
  "languages (LANGUAGES)": { namespace: "common", keys: each(LANGUAGES, (lang) => `language.${lang}`, (lang) => `language.${lang}Short`) },
  "the content files' Useful Links (labelKey)": { namespace: "common", keys: contentLabelKeys() },
};

/** The Useful Links of the content files name a text by `labelKey` (of `common`, or `namespace:key`): data, not typed. */
function contentLabelKeys(): string[] {
  const keys = LANGUAGES.flatMap((lang) => {
    const folder = path.join("content", lang);
    return readdirSync(folder)
      .filter((name) => name.endsWith(".mdx"))
      .flatMap((name) => [...readFileSync(path.join(folder, name), "utf8").matchAll(/\blabelKey:\s*["']([^"']+)["']/g)].map((match) => match[1] ?? ""));
  });
  return [...new Set(keys)];
}

const MISSING = "\u0000missing";

describe.each(LANGUAGES)("dynamic text keys have their texts (%s)", (lang) => {
  it.each(Object.entries(FAMILIES))("%s", (_name, family) => {
    expect(family.keys.length, "a family with no member reads the wrong list").toBeGreaterThan(0);
    const t = serverT(lang, family.namespace);
    const missing = family.keys.filter((key) => t(key, { defaultValue: MISSING, ...(family.plural ? { count: 2 } : {}) }) === MISSING);
    expect(missing, `${family.namespace}: keys without text`).toEqual([]);
  });
});
