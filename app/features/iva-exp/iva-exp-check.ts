import { isBlank } from "~/components/ui/form/form-validation";
import { numericSeparators } from "~/components/ui/form/number-format";
import { parseNumericValue, type NumericError } from "~/components/ui/form/numeric-value";
import { LANGUAGE_QUERY, isLanguage } from "~/i18n/languages";
import { IVA_EXP_BOUNDS, exciseGoodsCovered, isWithinIvaExpLimit } from "./iva-exp-limit";

/** Id of the check's section: the form returns to it. */
export const IVA_EXP_CHECK_ID = "iva-exp-check";

/** The questions of the check, in the order of the form. */
export const IVA_EXP_QUESTIONS = ["value", "consignment", "exportDuties", "exit", "excise"] as const;
export type IvaExpQuestion = (typeof IVA_EXP_QUESTIONS)[number];

/** The address of an answer is readable and shareable: `?valor=850,50&remessa=postal&…&lang=pt`. */
export const IVA_EXP_PARAMS: Record<IvaExpQuestion, string> = {
  value: "valor",
  consignment: "remessa",
  exportDuties: "direitos",
  exit: "saida",
  excise: "iec",
};

/** The answers each choice question accepts (the values of its radio buttons). */
export const IVA_EXP_CHOICES = {
  consignment: ["postal", "expresso", "outra"],
  exportDuties: ["nao", "sim"],
  exit: ["portugal", "outro"],
  excise: ["nao", "sim"],
} as const satisfies Record<Exclude<IvaExpQuestion, "value">, readonly string[]>;

export type IvaExpChoiceQuestion = keyof typeof IVA_EXP_CHOICES;

export type IvaExpFieldProblem = { kind: "mandatory" } | { kind: "invalid"; error: NumericError };

/** One condition of the certificate and whether the consignment meets it. */
export interface IvaExpCondition {
  id: IvaExpQuestion;
  met: boolean;
}

export type IvaExpAnswer =
  | { kind: "problems"; problems: Partial<Record<IvaExpQuestion, IvaExpFieldProblem>> }
  | { kind: "verdict"; value: number; eligible: boolean; conditions: IvaExpCondition[] };

/** The check as the page shows it: what was sent and, once submitted, the answer. */
export interface IvaExpCheckState {
  /** What the visitor sent for each question ("" when nothing). */
  values: Record<IvaExpQuestion, string>;
  /** Null until the form is submitted (no value parameter in the address). */
  answer: IvaExpAnswer | null;
  /** The language the value was read in. */
  lang: string;
}

const EMPTY_VALUES: Record<IvaExpQuestion, string> = { value: "", consignment: "", exportDuties: "", exit: "", excise: "" };

function isChoice<Q extends IvaExpChoiceQuestion>(question: Q, value: string): value is (typeof IVA_EXP_CHOICES)[Q][number] {
  return (IVA_EXP_CHOICES[question] as readonly string[]).includes(value);
}

/**
 * THE rules of the IVAExp check, used by the server (page loader, no JavaScript needed) and by the
 * browser (client loader) alike. The value is read with the separators of the language (pt 850,50;
 * en 850.50), no negatives, at most 2 decimals; every question must be answered; the consignment is
 * covered only when it meets every condition: at most 1,000 euros, a postal or express consignment,
 * no export duties, the office of exit in Portugal, and excise goods only from 1 July 2027.
 */
export function checkIvaExp(values: Record<IvaExpQuestion, string>, lang: string, today: Date): IvaExpAnswer {
  const problems: Partial<Record<IvaExpQuestion, IvaExpFieldProblem>> = {};
  let value: number | null = null;
  if (isBlank(values.value)) problems.value = { kind: "mandatory" };
  else {
    const result = parseNumericValue(values.value, IVA_EXP_BOUNDS, numericSeparators(lang));
    if (!result.ok) problems.value = { kind: "invalid", error: result.error };
    else if (result.value === null) problems.value = { kind: "mandatory" };
    else value = result.value;
  }
  for (const question of Object.keys(IVA_EXP_CHOICES) as IvaExpChoiceQuestion[]) {
    if (!isChoice(question, values[question])) problems[question] = { kind: "mandatory" };
  }
  if (value === null || Object.keys(problems).length > 0) return { kind: "problems", problems };
  const conditions: IvaExpCondition[] = [
    { id: "value", met: isWithinIvaExpLimit(value) },
    { id: "consignment", met: values.consignment !== "outra" },
    { id: "exportDuties", met: values.exportDuties === "nao" },
    { id: "exit", met: values.exit === "portugal" },
    { id: "excise", met: values.excise === "nao" || exciseGoodsCovered(today) },
  ];
  return { kind: "verdict", value, eligible: conditions.every((condition) => condition.met), conditions };
}

/**
 * Reads the check from a page address. The form sends its language with the value (`lang`), because
 * the same digits mean different numbers in pt and en; without it, `fallbackLang` (the page's).
 */
export function readIvaExpCheck(url: URL, fallbackLang: string, today: Date = new Date()): IvaExpCheckState {
  const queryLang = url.searchParams.get(LANGUAGE_QUERY);
  const lang = isLanguage(queryLang) ? queryLang : fallbackLang;
  const values = { ...EMPTY_VALUES };
  for (const question of IVA_EXP_QUESTIONS) values[question] = url.searchParams.get(IVA_EXP_PARAMS[question]) ?? "";
  // The value field is always sent with the form: its absence means the form was not submitted.
  if (url.searchParams.get(IVA_EXP_PARAMS.value) === null) return { values, answer: null, lang };
  return { values, answer: checkIvaExp(values, lang, today), lang };
}
