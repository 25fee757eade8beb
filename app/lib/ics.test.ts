import { describe, expect, it } from "vitest";
import { ICS_LINE_LIMIT, buildIcs, escapeIcsText, foldIcsLine } from "./ics";

describe("ics", () => {
  const ics = buildIcs({
    uid: "abc@areaoe",
    day: new Date(2026, 2, 1),
    now: new Date(Date.UTC(2026, 0, 15, 9, 30, 5, 123)),
    lang: "pt",
    summary: "Pedir a renovação; já",
    description: "Expira em 1 de abril de 2026, pedir antes.\nObrigado\\fim",
    alarm: "Dentro de uma semana",
  });

  it("is a VCALENDAR with one all-day VEVENT and CRLF line endings", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines).toContain("UID:abc@areaoe");
    expect(lines).toContain("DTSTAMP:20260115T093005Z");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260301");
    expect(lines).toContain("DTEND;VALUE=DATE:20260302");
    expect(lines).toContain("SUMMARY;LANGUAGE=pt:Pedir a renovação\\; já");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(ics.indexOf("END:VEVENT")).toBeLessThan(ics.indexOf("END:VCALENDAR"));
  });

  it("escapes and folds text", () => {
    expect(escapeIcsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("DESCRIPTION;LANGUAGE=pt:Expira em 1 de abril de 2026\\, pedir antes.\\nObrigado\\\\fim");
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(ICS_LINE_LIMIT);
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"ção".repeat(40)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});

describe("ics: a timed event", () => {
  it("writes the instant in UTC, names its product and takes its own alarm trigger", () => {
    const ics = buildIcs({
      uid: "x@areaoe",
      day: new Date(2026, 10, 28),
      at: new Date(Date.UTC(2026, 10, 28, 3, 0)),
      now: new Date(Date.UTC(2026, 10, 27, 22, 0)),
      lang: "en",
      summary: "Last day",
      description: "d",
      alarm: "tomorrow",
      alarmTrigger: "-P1D",
      product: "Time-limit calculator",
    });
    const lines = ics.split("\r\n");
    expect(lines).toContain("DTSTART:20261128T030000Z");
    expect(lines).toContain("DTEND:20261128T030000Z");
    expect(lines).toContain("PRODID:-//areaOE//Time-limit calculator//EN");
    expect(lines).toContain("TRIGGER:-P1D");
    expect(lines.some((line) => line.startsWith("DTSTART;VALUE=DATE"))).toBe(false);
  });
});
