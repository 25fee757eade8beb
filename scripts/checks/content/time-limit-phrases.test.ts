import { describe, expect, it } from "vitest";
import type { TimeLimitRecord } from "../../../app/features/time-limits/time-limit-schema";
import { phraseProblems, timeLimitPhrases } from "./time-limit-phrases";

const pick = (text: string, lang: "pt" | "en") => timeLimitPhrases(text, lang).map(({ text: phrase, number, unit, working }) => ({ phrase, number, unit, working }));

describe("timeLimitPhrases", () => {
  it("finds Portuguese phrases with digits and words, working days and units", () => {
    expect(pick("No prazo de 10 dias, ou três dias úteis; 48 horas, 1 mês, 3 anos, vinte e um dias e quinze minutos.", "pt")).toEqual([
      { phrase: "10 dias", number: 10, unit: "days", working: false },
      { phrase: "três dias úteis", number: 3, unit: "days", working: true },
      { phrase: "48 horas", number: 48, unit: "hours", working: false },
      { phrase: "1 mês", number: 1, unit: "months", working: false },
      { phrase: "3 anos", number: 3, unit: "years", working: false },
      { phrase: "vinte e um dias", number: 21, unit: "days", working: false },
      { phrase: "quinze minutos", number: 15, unit: "minutes", working: false },
    ]);
  });

  it("finds English phrases, hyphenated ones included", () => {
    expect(pick("Within 10 days, a 10-day period, twenty-one working days, 3 years and one month.", "en")).toEqual([
      { phrase: "10 days", number: 10, unit: "days", working: false },
      { phrase: "10-day", number: 10, unit: "days", working: false },
      { phrase: "twenty-one working days", number: 21, unit: "days", working: true },
      { phrase: "3 years", number: 3, unit: "years", working: false },
      { phrase: "one month", number: 1, unit: "months", working: false },
    ]);
  });

  it("leaves dates, references, amounts and words that only contain a unit alone", () => {
    expect(pick("Em 18.2.2026, a Lei n.º 22-A/2007, de 29 de junho, 10 euros, três por ano civil, os danos e 4096 bits.", "pt")).toEqual([]);
    expect(pick("On 1 July 2027, 10-euro limit, Article 20(1), the yearly report, 0.8 days.", "en")).toEqual([]);
  });
});

const record = (id: string, duration: number | null, unit: TimeLimitRecord["unit"], dayType: TimeLimitRecord["dayType"], pages = ["p"]): TimeLimitRecord => ({
  id,
  pages,
  area: "liquidation",
  actor: "debtor",
  what: { pt: "x", en: "x" },
  event: { pt: "x", en: "x" },
  duration,
  unit,
  dayType,
  counting: "eu-1182-71",
  article: { pt: "a", en: "a" },
  source: "https://eur-lex.europa.eu/x",
  sourceVersion: "2013-10-10",
});

describe("phraseProblems", () => {
  it("names the page, the phrase and the page's records when no record has the number", () => {
    const problems = phraseProblems("content/pt/p.mdx", "p", "Paga em 14 dias.", "pt", [record("pay", 10, "days", "calendar")]);
    expect(problems).toEqual([`content/pt/p.mdx: "14 dias" («Paga em 14 dias.») has no record on page p with 14 days; the page's records in days: pay (10 days)`]);
  });

  it("accepts a record of the page with the number and unit, working days only for a working-day record", () => {
    const records = [record("pay", 10, "days", "calendar"), record("dav", 20, "days", "working"), record("other", 5, "days", "calendar", ["q"])];
    expect(phraseProblems("f", "p", "10 dias; 20 dias úteis", "pt", records)).toEqual([]);
    expect(phraseProblems("f", "p", "10 dias úteis", "pt", records)).toHaveLength(1);
    expect(phraseProblems("f", "p", "5 dias", "pt", records)).toHaveLength(1); // another page's record
  });

  it("takes an allowed phrase, and fails an allowed phrase the page no longer has", () => {
    const allowed = [{ phrase: "1 minuto", why: "technical validity" }];
    expect(phraseProblems("f", "p", "válido durante 1 minuto", "pt", [], allowed)).toEqual([]);
    expect(phraseProblems("f", "p", "nada", "pt", [], allowed)).toEqual([`f: the allowed phrase "1 minuto" is no longer on the page: remove it from the allow-list`]);
  });
});
