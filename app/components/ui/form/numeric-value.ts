/** Decimal separator of the numeric input (the specification's widget default: '.'). */
export const NUMERIC_DECIMAL_SEPARATOR = ".";
/** Thousands separator of the numeric input (default ','); optional, but only between groups of three digits. */
export const NUMERIC_THOUSANDS_SEPARATOR = ",";
/** The separators a numeric input reads and writes. */
export interface NumericSeparators {
  /** The decimal separator (one character). */
  readonly decimal: string;
  /**
   * The accepted thousands separators: any one of them, the same one throughout a number, only between
   * groups of three digits. The first is the one written by `formatNumericValue`.
   */
  readonly thousands: readonly string[];
}
/** The kit's separators ('.' for decimals, ',' between thousands); a screen passes those of its language
 * instead (see number-format.ts). */
export const NUMERIC_DEFAULT_SEPARATORS: NumericSeparators = {
  decimal: NUMERIC_DECIMAL_SEPARATOR,
  thousands: [NUMERIC_THOUSANDS_SEPARATOR],
};
/** Fraction digits accepted unless `precision` is given. */
export const NUMERIC_DEFAULT_PRECISION = 2;
/** Significant digits a double holds exactly; longer numbers are refused rather than silently rounded. */
export const NUMERIC_MAX_DIGITS = 15;

export interface NumericBounds {
  /** Smallest accepted value (inclusive). */
  min?: number;
  /** Largest accepted value (inclusive). */
  max?: number;
  /** Values must be greater than this. */
  exclusiveMin?: number;
  /** Values must be less than this. */
  exclusiveMax?: number;
  /** Most fraction digits accepted (default `NUMERIC_DEFAULT_PRECISION`; 0 for whole numbers). */
  precision?: number;
}

export type NumericErrorCode = "format" | "negative" | "precision" | "min" | "max" | "exclusiveMin" | "exclusiveMax" | "tooLarge";

export interface NumericError {
  code: NumericErrorCode;
  /** The bound that was crossed (min, max, exclusive bounds) or the precision. */
  limit?: number;
}

export type NumericParseResult =
  | { ok: true; value: number | null }
  | { ok: false; error: NumericError };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function checkSeparators({ decimal, thousands }: NumericSeparators): void {
  const all = [decimal, ...thousands];
  if (all.some((separator) => [...separator].length !== 1 || /[\d+-]/.test(separator)) || thousands.includes(decimal)) {
    throw new Error(`Unusable numeric separators: ${JSON.stringify({ decimal, thousands })}`);
  }
}

const patterns = new WeakMap<NumericSeparators, RegExp>();

/**
 * Optional minus, an integer part (plain digits, or digits grouped in threes by ONE of the thousands
 * separators), optional fraction after the decimal separator.
 */
function numberPattern(separators: NumericSeparators): RegExp {
  let pattern = patterns.get(separators);
  if (!pattern) {
    // Separators are the code's own (one set per language): a wrong set fails in tests and development;
    // the production build drops the check and its message (the islands' weight).
    if (import.meta.env?.DEV) checkSeparators(separators);
    const group = separators.thousands.map(escapeRegExp).join("|");
    const decimal = escapeRegExp(separators.decimal);
    pattern = new RegExp(`^(-)?(\\d+|\\d{1,3}(?<sep>${group})\\d{3}(?:\\k<sep>\\d{3})*)?(?:${decimal}(\\d+))?$`, "u");
    patterns.set(separators, pattern);
  }
  return pattern;
}

/** Negative values are accepted only when a lower bound below zero permits them. */
export function allowsNegative(bounds: NumericBounds): boolean {
  return (bounds.min !== undefined && bounds.min < 0) || (bounds.exclusiveMin !== undefined && bounds.exclusiveMin < 0);
}

/**
 * Parses what the user typed in a numeric input. By default '.' is the decimal separator and
 * ',' the optional thousands separator ("1,234.56", "1234.56", ".5"); a screen may pass the separators
 * of its language. An empty text is `{ ok: true, value: null }` (a required field says 'Mandatory' on
 * its own). Checks, in order: format, sign, precision, size, bounds; the first failure is returned with
 * the bound crossed.
 */
export function parseNumericValue(
  text: string,
  bounds: NumericBounds = {},
  separators: NumericSeparators = NUMERIC_DEFAULT_SEPARATORS,
): NumericParseResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  const match = numberPattern(separators).exec(trimmed);
  const [, minus, integerPart, , fraction] = match ?? [];
  if (!match || (integerPart === undefined && fraction === undefined)) return { ok: false, error: { code: "format" } };
  if (minus && !allowsNegative(bounds)) return { ok: false, error: { code: "negative" } };
  const precision = bounds.precision ?? NUMERIC_DEFAULT_PRECISION;
  if ((fraction?.length ?? 0) > precision) return { ok: false, error: { code: "precision", limit: precision } };
  const integerDigits = (integerPart ?? "").replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  if (integerDigits.length + (fraction?.length ?? 0) > NUMERIC_MAX_DIGITS) return { ok: false, error: { code: "tooLarge" } };
  const value = Number(`${minus ?? ""}${integerDigits || "0"}.${fraction ?? "0"}`) + 0; // + 0 turns -0 into 0
  const { min, max, exclusiveMin, exclusiveMax } = bounds;
  if (min !== undefined && value < min) return { ok: false, error: { code: "min", limit: min } };
  if (exclusiveMin !== undefined && value <= exclusiveMin) return { ok: false, error: { code: "exclusiveMin", limit: exclusiveMin } };
  if (max !== undefined && value > max) return { ok: false, error: { code: "max", limit: max } };
  if (exclusiveMax !== undefined && value >= exclusiveMax) return { ok: false, error: { code: "exclusiveMax", limit: exclusiveMax } };
  return { ok: true, value };
}

/**
 * A number written the way the numeric input reads it: by default '.' for decimals and ',' between
 * thousands; with a screen's separators, its decimal separator and its first thousands separator.
 */
export function formatNumericValue(
  value: number,
  precision?: number,
  separators: NumericSeparators = NUMERIC_DEFAULT_SEPARATORS,
): string {
  // With a precision (money: 2), exactly that many decimals, so arithmetic noise such as
  // 1.3900000000000001 never reaches the screen; without one, every significant digit.
  const digits = precision === undefined
    ? { maximumFractionDigits: 20 }
    : { minimumFractionDigits: precision, maximumFractionDigits: precision };
  const parts = new Intl.NumberFormat("en-US", { ...digits, useGrouping: true }).formatToParts(value);
  return parts
    .map((part) => (part.type === "group" ? separators.thousands[0] : part.type === "decimal" ? separators.decimal : part.value))
    .join("");
}
