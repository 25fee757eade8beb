// The closed lists of a time-limit record, without zod: the pages and the browser read these; the
// schema (time-limit-schema.ts, build time only) checks the records against them.

/** The areas a record belongs to; each is one file, content/time-limits/<area>.json. */
export const TIME_LIMIT_AREAS = ["import", "export", "transit", "excise", "vehicle-tax", "transport", "liquidation", "iva-exp"] as const;
/**
 * Who must act. `individual` (a private person, e.g. the particular who lodges a vehicle's DAV) was
 * added to the contract's list by D1, backwards-compatibly.
 */
export const TIME_LIMIT_ACTORS = [
  "declarant",
  "holder",
  "debtor",
  "carrier",
  "customs",
  "operator",
  "guarantor",
  "importer",
  "exporter",
  "individual",
] as const;
export const TIME_LIMIT_UNITS = ["minutes", "hours", "days", "months", "years"] as const;
export const TIME_LIMIT_DAY_TYPES = ["calendar", "working"] as const;
/**
 * The counting rule that governs a time limit: Regulation (EEC, Euratom) No 1182/71 for those set by
 * Union law, the Código do Procedimento Administrativo (art. 87.º) or the CPPT (art. 20.º, with the
 * Código Civil, art. 279.º) for national ones, and `none` for a limit in hours or minutes run by the clock.
 */
export const COUNTING_RULES = ["eu-1182-71", "pt-cpa", "pt-cppt", "none"] as const;

export type TimeLimitArea = (typeof TIME_LIMIT_AREAS)[number];
export type TimeLimitActor = (typeof TIME_LIMIT_ACTORS)[number];
export type TimeLimitUnit = (typeof TIME_LIMIT_UNITS)[number];
export type TimeLimitDayType = (typeof TIME_LIMIT_DAY_TYPES)[number];
export type CountingRule = (typeof COUNTING_RULES)[number];
