import { TIME_LIMIT_ACTORS, TIME_LIMIT_AREAS, type TimeLimitActor, type TimeLimitArea } from "./time-limit-values";
import type { TimeLimitRecord } from "./time-limit-schema";
import type { DateErrorCode } from "~/components/ui/date/date-value";
import type { Deadline } from "./deadline";
import { breadcrumbTrail, pageHref } from "~/config/site-map";

/** The time-limits page's address (its forms and the reminder are beside it). */
export function pageOfTimeLimits(): string {
  return pageHref("time-limits");
}

/** The calculator's .ics reminder, answered by the Node server beside the page. */
export const TIME_LIMIT_REMINDER_PATH = `${pageHref("time-limits")}/lembrete-prazo.ics`;

/**
 * The time-limits page answers its address's query (`answersQuery` in the manifest): the list's filter
 * (`?area=liquidation&quem=debtor`) and the calculator (`?prazo=settlement-payment&data=31/01/2027&hora=`).
 * Readable, shareable addresses; every value is checked against a closed list or a format, and a text
 * longer than any valid one is refused before it is parsed.
 */
export const FILTER_PARAMS = { area: "area", actor: "quem" } as const;
export const CALCULATOR_PARAMS = { limit: "prazo", date: "data", time: "hora" } as const;
/** Ids of the page's two sections: each form returns to its own. */
export const TIME_LIMITS_LIST_ID = "lista";
export const CALCULATOR_ID = "calculadora";
/** Longest value read from the address (a record id, a date, a time). */
export const MAX_PARAM_LENGTH = 80;

export interface TimeLimitsFilter {
  area: TimeLimitArea | "";
  actor: TimeLimitActor | "";
}

export type CalculatorProblem =
  | { kind: "mandatory" }
  | { kind: "limit" }
  | { kind: "date"; code: DateErrorCode; value?: string; limit?: string }
  | { kind: "time" }
  | { kind: "timeMissing" };

export type CalculatorField = keyof typeof CALCULATOR_PARAMS;

export type CalculatorAnswer =
  | { kind: "problems"; problems: Partial<Record<CalculatorField, CalculatorProblem>> }
  | { kind: "deadline"; limitId: string; eventDay: string; eventTime?: string; deadline: Deadline };

export interface CalculatorState {
  /** What the visitor sent ("" when nothing). */
  values: Record<CalculatorField, string>;
  /** Null until the form is submitted (no `prazo` in the address). */
  answer: CalculatorAnswer | null;
}

export interface TimeLimitsPageData {
  filter: TimeLimitsFilter;
  calculator: CalculatorState;
  lang: string;
}

function param(url: URL, name: string): string {
  const value = url.searchParams.get(name) ?? "";
  return value.length > MAX_PARAM_LENGTH ? "" : value;
}

function oneOf<T extends string>(values: readonly T[], value: string): T | "" {
  return (values as readonly string[]).includes(value) ? (value as T) : "";
}

/** The list's filter from the address: an unknown area or actor is no filter. */
export function readFilter(url: URL): TimeLimitsFilter {
  return { area: oneOf(TIME_LIMIT_AREAS, param(url, FILTER_PARAMS.area)), actor: oneOf(TIME_LIMIT_ACTORS, param(url, FILTER_PARAMS.actor)) };
}

/** The area a page lies in (itself or an ancestor that is one of the areas), or undefined. */
function areaOfPage(pageId: string): TimeLimitArea | undefined {
  return breadcrumbTrail(pageId)
    .reverse()
    .find((id): id is TimeLimitArea => (TIME_LIMIT_AREAS as readonly string[]).includes(id));
}

/**
 * The areas a record belongs to: its own, and the area of every page that shows it (the import area's
 * filter keeps the temporary storage records the import pages show, as a visitor of those pages expects).
 */
export function recordAreas(record: Pick<TimeLimitRecord, "area" | "pages">): ReadonlySet<TimeLimitArea> {
  const areas = new Set<TimeLimitArea>([record.area]);
  for (const page of record.pages) {
    const area = areaOfPage(page);
    if (area) areas.add(area);
  }
  return areas;
}

/** The records the filter keeps, in file order. */
export function filterTimeLimits(records: readonly TimeLimitRecord[], filter: TimeLimitsFilter): TimeLimitRecord[] {
  return records.filter((record) => (!filter.area || recordAreas(record).has(filter.area)) && (!filter.actor || record.actor === filter.actor));
}

/** The filter's choices: only the areas and the actors that have at least one record, in the lists' order. */
export function filterOptions(records: readonly TimeLimitRecord[]): { areas: TimeLimitArea[]; actors: TimeLimitActor[] } {
  const areas = new Set(records.flatMap((record) => [...recordAreas(record)]));
  const actors = new Set(records.map((record) => record.actor));
  return { areas: TIME_LIMIT_AREAS.filter((area) => areas.has(area)), actors: TIME_LIMIT_ACTORS.filter((actor) => actors.has(actor)) };
}

/** The records the calculator offers: a fixed duration, and not marked `calculator: false`. */
export function calculableTimeLimits(records: readonly TimeLimitRecord[]): TimeLimitRecord[] {
  return records.filter((record) => record.duration !== null && record.unit !== null && record.calculator !== false);
}

/** The calculator's values as sent, bounded. */
export function readCalculatorValues(url: URL): Record<CalculatorField, string> | null {
  if (!url.searchParams.has(CALCULATOR_PARAMS.limit)) return null;
  return { limit: param(url, CALCULATOR_PARAMS.limit), date: param(url, CALCULATOR_PARAMS.date), time: param(url, CALCULATOR_PARAMS.time) };
}

/**
 * The address of the calculator with one time limit chosen, from a row of any time-limit table: the
 * stable deep link `/areaOE/public/prazos?prazo=<record id>&lang=<pt|en>#calculadora` (other pages,
 * the journeys, may link it the same way).
 */
export function calculatorHref(recordId: string, lang: string): string {
  return `${pageOfTimeLimits()}?${new URLSearchParams({ [CALCULATOR_PARAMS.limit]: recordId, lang })}#${CALCULATOR_ID}`;
}

/**
 * The section the page's address answers, for the language switch (a fragment never reaches the server):
 * the calculator when the address chooses a time limit, the list when it filters, else none.
 */
export function answeredSection(search: URLSearchParams): string | undefined {
  if (search.has(CALCULATOR_PARAMS.limit)) return CALCULATOR_ID;
  if (search.has(FILTER_PARAMS.area) || search.has(FILTER_PARAMS.actor)) return TIME_LIMITS_LIST_ID;
  return undefined;
}
