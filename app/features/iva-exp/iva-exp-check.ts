import { isBlank } from "../../components/ui/form-validation";
import { numericSeparators } from "../../components/ui/number-format";
import { parseNumericValue, type NumericError } from "../../components/ui/numeric-value";
import { LANGUAGE_QUERY, isLanguage } from "../../i18n/languages";
import { IVA_EXP_BOUNDS, isWithinIvaExpLimit } from "./iva-exp-limit";

/** The query parameter of the check: `?valor=850,50&lang=pt` (a readable, shareable address). */
export const IVA_EXP_VALUE_PARAM = "valor";

/** Id of the check's section: the form returns to it. */
export const IVA_EXP_CHECK_ID = "iva-exp-check";

export type IvaExpAnswer =
  | { kind: "mandatory" }
  | { kind: "invalid"; error: NumericError }
  | { kind: "verdict"; value: number; within: boolean };

/** The check as the page shows it: the text typed and, once submitted, the answer. */
export interface IvaExpCheckState {
  text: string;
  /** Null until the form is submitted (no parameter in the address). */
  answer: IvaExpAnswer | null;
  /** The language the text was read in. */
  lang: string;
}

/**
 * THE rules of the IVAExp check, used by the server (page loader, no JavaScript needed) and by the
 * browser (client loader) alike: the value is read with the separators of the language (pt 850,50;
 * en 850.50), no negatives, at most 2 decimals, within the limit up to and including 1,000 euros.
 */
export function checkIvaExpValue(text: string, lang: string): IvaExpAnswer {
  if (isBlank(text)) return { kind: "mandatory" };
  const result = parseNumericValue(text, IVA_EXP_BOUNDS, numericSeparators(lang));
  if (!result.ok) return { kind: "invalid", error: result.error };
  if (result.value === null) return { kind: "mandatory" };
  return { kind: "verdict", value: result.value, within: isWithinIvaExpLimit(result.value) };
}

/**
 * Reads the check from a page address. The form sends its language with the value (`lang`), because
 * the same digits mean different numbers in pt and en; without it, `fallbackLang` (the page's).
 */
export function readIvaExpCheck(url: URL, fallbackLang: string): IvaExpCheckState {
  const queryLang = url.searchParams.get(LANGUAGE_QUERY);
  const lang = isLanguage(queryLang) ? queryLang : fallbackLang;
  const text = url.searchParams.get(IVA_EXP_VALUE_PARAM);
  return text === null ? { text: "", answer: null, lang } : { text, answer: checkIvaExpValue(text, lang), lang };
}
