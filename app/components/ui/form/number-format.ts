import { INTL_LOCALES } from "~/i18n/languages";
import { NUMERIC_DEFAULT_SEPARATORS, type NumericSeparators } from "./numeric-value";

/**
 * Numbers as each language writes them. The numeric input keeps its defaults ('.' for decimals, ','
 * between thousands); a screen that
 * reads numbers typed by people passes the separators of its language from here.
 */
export type NumberLanguage = "pt" | "en";

export function numberLanguage(lang: string): NumberLanguage {
  return lang === "en" ? "en" : "pt";
}

/** The Intl locale of each language (app/i18n/languages.ts). */
export const NUMBER_LOCALES: Readonly<Record<NumberLanguage, string>> = INTL_LOCALES;

/** Characters read as "a space" between thousands: the space, and the no-break spaces Intl writes. */
export const SPACE_SEPARATORS = [" ", "\u00A0", "\u202F"] as const;

/**
 * pt: ',' for decimals; '.' or a space between thousands (1.000,50 or 1 000,50; pt-PT formatting uses a
 * no-break space). en: the kit's defaults, '.' for decimals and ',' between thousands.
 */
export const NUMERIC_SEPARATORS_BY_LANGUAGE: Record<NumberLanguage, NumericSeparators> = {
  pt: { decimal: ",", thousands: [".", ...SPACE_SEPARATORS] },
  en: NUMERIC_DEFAULT_SEPARATORS,
};

export function numericSeparators(lang: string): NumericSeparators {
  return NUMERIC_SEPARATORS_BY_LANGUAGE[numberLanguage(lang)];
}

/**
 * An amount of money as the language writes it (Intl): `1000,00 €` in pt (pt-PT does not group four
 * digits), `€1,000.00` in en.
 */
export function formatMoney(value: number, lang: string, { currency = "EUR", fractionDigits = 2 } = {}): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[numberLanguage(lang)], {
    style: "currency",
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
