import { describe, expect, it } from "vitest";
import { answerCalculator, readTimeLimitsPage } from "./time-limits-answer.server";
import { timeLimitReminder } from "./reminder-download.server";
import { filterTimeLimits, readFilter } from "./time-limits-query";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";

const page = (query: string) => new URL(`http://portal.invalid/areaOE/public/prazos${query}`);

describe("the calculator's answer", () => {
  it("gives the last day of a record by its counting rule, from a date typed as the language writes it", () => {
    const answer = answerCalculator({ limit: "settlement-payment", date: "29/01/2026", time: "" }, "pt");
    expect(answer).toMatchObject({ kind: "deadline", limitId: "settlement-payment", eventDay: "2026-01-29", deadline: { kind: "day", lastDay: "2026-02-09" } });
  });

  it("counts the DAV's 20 working days past Good Friday and 1 May", () => {
    expect(answerCalculator({ limit: "isv-dav-individual", date: "2026-04-15", time: "" }, "en")).toMatchObject({ deadline: { lastDay: "2026-05-14" } });
  });

  it("says what is missing or wrong, field by field", () => {
    expect(answerCalculator({ limit: "", date: "", time: "" }, "pt")).toEqual({ kind: "problems", problems: { limit: { kind: "mandatory" }, date: { kind: "mandatory" } } });
    expect(answerCalculator({ limit: "nope", date: "31/02/2026", time: "25:00" }, "pt")).toEqual({
      kind: "problems",
      problems: { limit: { kind: "limit" }, date: { kind: "date", code: "nonexistent", value: "31/02/2026" }, time: { kind: "time" } },
    });
  });

  it("does not offer a record marked out of the calculator, nor one set case by case", () => {
    expect(answerCalculator({ limit: "settlement-deferred-payment-globalised", date: "2026-01-05", time: "" }, "pt")).toMatchObject({ problems: { limit: { kind: "limit" } } });
    expect(answerCalculator({ limit: "guarantee-form-maintained", date: "2026-01-05", time: "" }, "pt")).toMatchObject({ problems: { limit: { kind: "limit" } } });
  });

  it("reads the page's address: a row's link chooses a time limit without asking for a date yet", () => {
    expect(readTimeLimitsPage(page("?prazo=settlement-payment&lang=en"), "pt")).toMatchObject({ lang: "en", calculator: { values: { limit: "settlement-payment" }, answer: null } });
    expect(readTimeLimitsPage(page("?prazo=settlement-payment&data="), "pt").calculator.answer).toMatchObject({ kind: "problems" });
    expect(readTimeLimitsPage(page(""), "pt").calculator.answer).toBeNull();
  });
});

describe("the list's filter", () => {
  it("keeps the records of an area and an actor, and ignores unknown or overlong values", () => {
    expect(filterTimeLimits(TIME_LIMITS, readFilter(page("?area=vehicle-tax&quem=individual"))).map((record) => record.id)).toEqual(["isv-dav-individual"]);
    expect(readFilter(page(`?area=${"x".repeat(500)}&quem=nobody`))).toEqual({ area: "", actor: "" });
  });
});

describe("the .ics reminder", () => {
  const now = new Date(Date.UTC(2026, 10, 28, 12));

  it("is an all-day event on the last day, in the calculator's language, with an alarm the day before", () => {
    const reminder = timeLimitReminder(page("/lembrete-prazo.ics?prazo=settlement-payment&data=2026-01-29&hora=&lang=pt"), "en", now, "u@areaoe");
    expect(reminder.kind).toBe("file");
    if (reminder.kind !== "file") return;
    expect(reminder.fileName).toBe("lembrete-prazo.ics");
    const lines = reminder.ics.split("\r\n");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260209");
    expect(lines).toContain("TRIGGER:-P1D");
    expect(lines.some((line) => line.startsWith("SUMMARY;LANGUAGE=pt:Último dia: Pagar os direitos"))).toBe(true);
  });

  it("goes back to the calculator when the address gives no last day", () => {
    expect(timeLimitReminder(page("/lembrete-prazo.ics?prazo=nope&data=2026-01-29&lang=en"), "pt", now)).toEqual({
      kind: "back",
      location: "/areaOE/public/prazos?prazo=nope&data=2026-01-29&lang=en#calculadora",
    });
  });
});
