import { foldAccents } from "~/lib/fold-accents";
import { DATA_TABLE_FILTER_LOCALE } from "./data-table-defaults";

export { DATA_TABLE_FILTER_LOCALE };

/** Accent- and case-insensitive, numeric-aware collation in Portuguese (Portugal). */
export const dataTableCollator = new Intl.Collator(DATA_TABLE_FILTER_LOCALE, { sensitivity: "base", numeric: true });

/**
 * A text folded for comparison: the site's accent and case folding, with collapsed spaces. Equivalent
 * to `Intl.Collator('pt-PT', { sensitivity: 'base' })` equality for the letters used in Portuguese and
 * English ('Ç' ~ 'c', 'Ã' ~ 'a', 'ß' stays as it is).
 */
export function foldText(value: string): string {
  return foldAccents(value).replace(/\s+/g, " ").trim();
}

/** Does a cell value contain the query, ignoring accents and case? An empty query matches everything. */
export function matchesFilter(value: unknown, query: string): boolean {
  const needle = foldText(query);
  if (needle === "") return true;
  if (value === null || value === undefined) return false;
  const text = Array.isArray(value) ? value.join(" ") : String(value);
  return foldText(text).includes(needle);
}

/** Sort order of two cell values: numbers numerically, texts with the pt-PT collator, empty values last. */
export function compareCellValues(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined || a === "";
  const bEmpty = b === null || b === undefined || b === "";
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return dataTableCollator.compare(String(a), String(b));
}
