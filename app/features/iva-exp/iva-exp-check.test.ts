import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NUMBER_LOCALES, numericSeparators } from "~/components/ui/form/number-format";
import { formatNumericValue } from "~/components/ui/form/numeric-value";
import { checkIvaExp, readIvaExpCheck, type IvaExpAnswer, type IvaExpFieldProblem, type IvaExpQuestion } from "./iva-exp-check";

const url = (query: string) => new URL(`http://localhost/areaOE/public/ivaExp${query}`);
const BEFORE_EXCISE = new Date("2026-11-25T12:00:00Z");
const FROM_EXCISE = new Date("2027-07-01T00:00:00Z");
/** A consignment that meets every condition but its value. */
const COVERED = { consignment: "postal", exportDuties: "nao", exit: "portugal", excise: "nao" };

/** The value rules alone: the other questions answered as a covered consignment. */
function checkIvaExpValue(text: string, lang: string): IvaExpAnswer | IvaExpFieldProblem | { kind: "verdict"; value: number; within: boolean } {
  const answer = checkIvaExp({ ...COVERED, value: text }, lang, BEFORE_EXCISE);
  if (answer.kind === "problems") {
    const problem = answer.problems.value;
    return problem ?? answer;
  }
  return { kind: "verdict", value: answer.value, within: answer.eligible };
}

describe("checkIvaExp: each condition", () => {
  const answer = (values: Partial<Record<IvaExpQuestion, string>>, today = BEFORE_EXCISE) =>
    checkIvaExp({ value: "850,50", ...COVERED, ...values }, "pt", today);
  const missed = (result: IvaExpAnswer) =>
    result.kind === "verdict" ? result.conditions.filter((condition) => !condition.met).map((condition) => condition.id) : result;

  it("covers a postal or express consignment of at most 1,000 euros, no export duties, exit in Portugal, no excise goods", () => {
    expect(answer({})).toMatchObject({ kind: "verdict", value: 850.5, eligible: true });
    expect(answer({ consignment: "expresso", value: "1000,00" })).toMatchObject({ eligible: true });
  });
  it.each([
    [{ value: "1000,01" }, ["value"]],
    [{ consignment: "outra" }, ["consignment"]],
    [{ exportDuties: "sim" }, ["exportDuties"]],
    [{ exit: "outro" }, ["exit"]],
    [{ excise: "sim" }, ["excise"]],
    [{ value: "5000", exit: "outro" }, ["value", "exit"]],
  ])("names the condition a consignment misses: %j", (values, expected) => {
    const result = answer(values);
    expect(result).toMatchObject({ kind: "verdict", eligible: false });
    expect(missed(result)).toEqual(expected);
  });
  it("covers excise goods from 1 July 2027 only", () => {
    expect(answer({ excise: "sim" }, new Date("2027-06-30T23:59:59Z"))).toMatchObject({ eligible: false });
    expect(answer({ excise: "sim" }, FROM_EXCISE)).toMatchObject({ eligible: true });
  });
  it("asks every question: an unanswered or unknown choice is 'mandatory', with the value's own problem", () => {
    expect(checkIvaExp({ value: "", consignment: "", exportDuties: "talvez", exit: "portugal", excise: "nao" }, "pt", BEFORE_EXCISE)).toEqual({
      kind: "problems",
      problems: { value: { kind: "mandatory" }, consignment: { kind: "mandatory" }, exportDuties: { kind: "mandatory" } },
    });
    expect(answer({ value: "-1" })).toEqual({ kind: "problems", problems: { value: { kind: "invalid", error: { code: "negative" } } } });
  });
});

describe("checkIvaExpValue", () => {
  it.each([
    ["pt", "850,50", 850.5, true],
    ["pt", "1000,00", 1000, true],
    ["pt", "1.000,00", 1000, true],
    ["pt", "1 000,00", 1000, true],
    ["pt", "1000,01", 1000.01, false],
    ["en", "850.50", 850.5, true],
    ["en", "1,000.00", 1000, true],
    ["en", "1000.01", 1000.01, false],
  ])("%s reads %j as %d (within: %s)", (lang, text, value, within) => {
    expect(checkIvaExpValue(text, lang)).toEqual({ kind: "verdict", value, within });
  });
  it("refuses the other language's writing, negatives, more than 2 decimals and an empty value", () => {
    expect(checkIvaExpValue("850.50", "pt")).toEqual({ kind: "invalid", error: { code: "format" } });
    expect(checkIvaExpValue("850,50", "en")).toEqual({ kind: "invalid", error: { code: "format" } });
    expect(checkIvaExpValue("-5", "pt")).toEqual({ kind: "invalid", error: { code: "negative" } });
    expect(checkIvaExpValue("10,999", "pt")).toEqual({ kind: "invalid", error: { code: "precision", limit: 2 } });
    expect(checkIvaExpValue("  ", "en")).toEqual({ kind: "mandatory" });
  });
});

describe("readIvaExpCheck", () => {
  const covered = "&remessa=postal&direitos=nao&saida=portugal&iec=nao";
  it("has no answer before the form is sent", () => {
    expect(readIvaExpCheck(url(""), "pt")).toEqual({
      values: { value: "", consignment: "", exportDuties: "", exit: "", excise: "" },
      answer: null,
      lang: "pt",
    });
  });
  it("reads every answer from the address, and the value in the language sent with it, else the page's", () => {
    const read = readIvaExpCheck(url(`?valor=850%2C50${covered}&lang=pt`), "en", BEFORE_EXCISE);
    expect(read.values).toEqual({ value: "850,50", consignment: "postal", exportDuties: "nao", exit: "portugal", excise: "nao" });
    expect(read.lang).toBe("pt");
    expect(read.answer).toMatchObject({ kind: "verdict", value: 850.5, eligible: true });
    expect(readIvaExpCheck(url(`?valor=850%2C50${covered}`), "en").answer).toEqual({
      kind: "problems",
      problems: { value: { kind: "invalid", error: { code: "format" } } },
    });
    expect(readIvaExpCheck(url(`?valor=850%2C50${covered}&lang=xx`), "pt").answer).toMatchObject({ kind: "verdict", eligible: true });
    expect(readIvaExpCheck(url("?valor="), "pt").answer).toMatchObject({ kind: "problems", problems: { value: { kind: "mandatory" } } });
  });
});

describe.each(["pt", "en"] as const)("IVAExp rules, properties (%s)", (lang) => {
  const separators = numericSeparators(lang);
  const intl = new Intl.NumberFormat(NUMBER_LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it("any value from 0 to 1,000.00 is within, written by the kit or by Intl", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (cents) => {
        const value = cents / 100;
        for (const text of [formatNumericValue(value, 2, separators), intl.format(value)]) {
          expect(checkIvaExpValue(text, lang)).toEqual({ kind: "verdict", value, within: true });
        }
      }),
    );
  });

  it("any value above 1,000.00 is over", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_001, max: 10 ** 14 }), (cents) => {
        const value = cents / 100;
        expect(checkIvaExpValue(intl.format(value), lang)).toEqual({ kind: "verdict", value, within: false });
      }),
    );
  });

  it("any negative value, or one with more than 2 decimals, is refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 9 }), (cents, extra) => {
        expect(checkIvaExpValue(`-${formatNumericValue(cents / 100, 2, separators)}`, lang)).toEqual({
          kind: "invalid",
          error: { code: "negative" },
        });
        expect(checkIvaExpValue(`${formatNumericValue(cents / 100, 2, separators)}${extra}`, lang)).toEqual({
          kind: "invalid",
          error: { code: "precision", limit: 2 },
        });
      }),
    );
  });
});
