import { describe, expect, it } from "vitest";
import { answerCalculator, readTimeLimitsPage } from "./time-limits-answer.server";
import { timeLimitReminder } from "./reminder-download.server";
import { answeredSection, calculatorHref, filterOptions, filterTimeLimits, readFilter, recordAreas } from "./time-limits-query";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { SAMPLE_TIME_LIMIT } from "./sample-time-limit";
import type { TimeLimitRecord } from "./time-limit-schema";

/** A time limit in hours run by the clock (no record of the portal has one the calculator offers today). */
const HOURS: TimeLimitRecord = { ...SAMPLE_TIME_LIMIT, id: "in-hours", duration: 4, unit: "hours", dayType: null, counting: "none" };

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
    expect(answerCalculator({ limit: "nope", date: "31/02/2026", time: "" }, "pt")).toEqual({
      kind: "problems",
      problems: { limit: { kind: "limit" }, date: { kind: "date", code: "nonexistent", value: "31/02/2026" } },
    });
  });

  it("reads the time only for a time limit in hours: required and checked there, ignored elsewhere", () => {
    const records = [...TIME_LIMITS, HOURS];
    expect(answerCalculator({ limit: "in-hours", date: "2026-01-29", time: "" }, "pt", records)).toEqual({ kind: "problems", problems: { time: { kind: "timeMissing" } } });
    expect(answerCalculator({ limit: "in-hours", date: "2026-01-29", time: "25:00" }, "pt", records)).toEqual({ kind: "problems", problems: { time: { kind: "time" } } });
    expect(answerCalculator({ limit: "in-hours", date: "2026-01-29", time: "22:10" }, "pt", records)).toMatchObject({ deadline: { kind: "instant", day: "2026-01-30", time: "02:10" } });
    // A time left in the (hidden) field of a limit in days is not an error, and not used.
    expect(answerCalculator({ limit: "settlement-payment", date: "29/01/2026", time: "99" }, "pt")).toMatchObject({ kind: "deadline", eventTime: undefined });
  });

  it("counts each year's holidays and refuses a day before the first year it knows (2010)", () => {
    // 1 December 2014 was not a public holiday (Lei n.º 23/2012): 10 days from 21 November end on it.
    expect(answerCalculator({ limit: "settlement-payment", date: "21/11/2014", time: "" }, "pt")).toMatchObject({ deadline: { lastDay: "2014-12-01" } });
    expect(answerCalculator({ limit: "settlement-payment", date: "21/11/2025", time: "" }, "pt")).toMatchObject({ deadline: { lastDay: "2025-12-02" } });
    expect(answerCalculator({ limit: "settlement-payment", date: "31/12/2009", time: "" }, "pt")).toEqual({
      kind: "problems",
      problems: { date: { kind: "date", code: "beforeMin", limit: "2010-01-01" } },
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

  it("keeps in an area every record one of its pages shows: the import area has the debt's payment and temporary storage", () => {
    const ids = (query: string) => filterTimeLimits(TIME_LIMITS, readFilter(page(query))).map((record) => record.id);
    const imports = ids("?area=import");
    expect(imports).toEqual(expect.arrayContaining(["import-supplementary-declaration-general", "settlement-payment", "temporary-storage-end"]));
    for (const record of TIME_LIMITS) {
      const shownOnImportPages = record.pages.some((id: string) => ["import", "import-dain", "import-rbv"].includes(id));
      expect(imports.includes(record.id), record.id).toBe(shownOnImportPages || record.area === "import");
    }
    expect(recordAreas({ area: "transport", pages: ["transport-simtem-sea", "import-dain"] })).toEqual(new Set(["transport", "import"]));
  });

  it("offers only the areas and the actors that have records, each giving at least one row", () => {
    const options = filterOptions(TIME_LIMITS);
    expect(options.actors).not.toContain("importer");
    expect(options.actors).not.toContain("exporter");
    for (const area of options.areas) expect(filterTimeLimits(TIME_LIMITS, { area, actor: "" }).length, area).toBeGreaterThan(0);
    for (const actor of options.actors) expect(filterTimeLimits(TIME_LIMITS, { area: "", actor }).length, actor).toBeGreaterThan(0);
    expect(filterOptions([SAMPLE_TIME_LIMIT])).toEqual({ areas: ["liquidation"], actors: ["debtor"] });
  });
});

describe("the deep link and the language switch", () => {
  it("opens the calculator with a time limit chosen, at its section; the switch keeps the section the query answers", () => {
    expect(calculatorHref("settlement-payment", "en")).toBe("/areaOE/public/prazos?prazo=settlement-payment&lang=en#calculadora");
    expect(answeredSection(new URLSearchParams("prazo=settlement-payment&data=29%2F01%2F2026"))).toBe("calculadora");
    expect(answeredSection(new URLSearchParams("area=import"))).toBe("lista");
    expect(answeredSection(new URLSearchParams("lang=en"))).toBeUndefined();
  });
});

describe("the .ics reminder", () => {
  const now = new Date(Date.UTC(2026, 10, 28, 12));

  it("is an all-day event on the last day, in the calculator's language, with an alarm the day before", () => {
    const reminder = timeLimitReminder(page("/lembrete-prazo.ics?prazo=settlement-payment&data=2026-01-29&hora=&lang=pt"), "en", now, "u@areaoe");
    expect(reminder.kind).toBe("file");
    if (reminder.kind !== "file") return;
    expect(reminder.fileName).toBe("lembrete-prazo-settlement-payment.ics");
    const lines = reminder.ics.replace(/\r\n /g, "").split("\r\n");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260209");
    expect(lines).toContain("TRIGGER:-P1D");
    // A maximum says so, with the page's caveats and what the time limit runs from.
    expect(lines.some((line) => line.startsWith("SUMMARY;LANGUAGE=pt:Último dia do prazo máximo: Pagar os direitos"))).toBe(true);
    const description = lines.find((line) => line.startsWith("DESCRIPTION;LANGUAGE=pt:")) ?? "";
    expect(description).toContain("10 dias de calendário\\, no máximo\\, a contar de Notificação da dívida aduaneira");
    expect(description).toContain("A lei fixa só o prazo máximo");
    expect(description).toContain("É o máximo: a alfândega fixa o prazo.");
  });

  it("names the time limit in its file name, in each language, and words a limit that is not a maximum as its last day", () => {
    const reminder = timeLimitReminder(page("/lembrete-prazo.ics?prazo=isv-dav-individual&data=2026-04-15&lang=en"), "pt", now, "u@areaoe");
    expect(reminder).toMatchObject({ kind: "file", fileName: "time-limit-reminder-isv-dav-individual.ics" });
    if (reminder.kind !== "file") return;
    expect(reminder.ics).toContain("SUMMARY;LANGUAGE=en:Last day: Lodge the DAV (private individual)");
    expect(reminder.ics).not.toContain("maximum");
  });

  it("goes back to the calculator when the address gives no last day", () => {
    expect(timeLimitReminder(page("/lembrete-prazo.ics?prazo=nope&data=2026-01-29&lang=en"), "pt", now)).toEqual({
      kind: "back",
      location: "/areaOE/public/prazos?prazo=nope&data=2026-01-29&lang=en#calculadora",
    });
  });
});
