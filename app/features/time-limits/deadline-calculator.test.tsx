import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { TextsContext } from "~/i18n/texts-context";
import { createRenderTexts } from "~/i18n/server-texts";
import type { Language } from "~/i18n/languages";
import { DeadlineCalculator } from "./deadline-calculator";
import { readTimeLimitsPage } from "./time-limits-answer.server";
import { SAMPLE_TIME_LIMIT } from "./sample-time-limit";
import type { TimeLimitRecord } from "./time-limit-schema";

const HOURS: TimeLimitRecord = { ...SAMPLE_TIME_LIMIT, id: "in-hours", duration: 4, unit: "hours", dayType: null, counting: "none" };

/** The calculator as the server renders it for an address of the time-limits page. */
function serverHtml(query: string, lang: Language, records: readonly TimeLimitRecord[] = TIME_LIMITS): string {
  const { calculator } = readTimeLimitsPage(new URL(`http://portal.invalid/areaOE/public/prazos${query}`), lang);
  return renderToString(
    <TextsContext value={createRenderTexts(lang)}>
      <DeadlineCalculator calculator={calculator} records={records} />
    </TextsContext>,
  );
}

describe("<DeadlineCalculator> (server HTML: the page has no framework script)", () => {
  it("opens from a row's link with that time limit chosen, under the page's heading, and no answer yet", () => {
    const html = serverHtml("?prazo=settlement-payment&lang=pt", "pt");
    // The row's link lands on the answer's box, empty: the browser focuses it; Tab goes on to the fields.
    expect(html).toMatch(/^<div class="tool-panel deadline-calculator" data-answered-panel=""><div id="calculadora" class="deadline-calculator__result" tabindex="-1" aria-live="polite"><\/div>/);
    expect(html).not.toContain("<h2");
    expect(html).toMatch(/<option value="settlement-payment" selected="">/);
  });

  it("has a time field only when a time limit counts in hours, shown by CSS while one of those is chosen", () => {
    // No time limit the calculator offers today counts in hours: no field at all.
    expect(serverHtml("", "en")).not.toContain('name="hora"');
    const html = serverHtml("", "en", [...TIME_LIMITS, HOURS]);
    expect(html).toContain('class="form-group deadline-calculator__time"');
    expect(html).toMatch(/<option value="in-hours" data-needs-time="">/);
    expect(html).not.toMatch(/<option value="settlement-payment" data-needs-time/);
  });

  it("keeps a maximum's caveat, what it runs from and the record's note in the answer's box (the form's address)", () => {
    const html = serverHtml("?prazo=settlement-payment&data=29%2F01%2F2026&lang=pt", "pt");
    expect(html).toContain('<div id="calculadora" class="deadline-calculator__result" tabindex="-1" aria-live="polite"><h3>Último dia do prazo máximo</h3>');
    expect(html).toContain("<dd>10 dias de calendário, no máximo</dd>");
    expect(html).toContain("<dt>Conta a partir de</dt><dd>Notificação da dívida aduaneira ao devedor");
    expect(html).toContain("(quinta-feira, 29 de janeiro de 2026)");
    expect(html).toContain("Se lhe for fixado o prazo máximo, o prazo termina no fim de segunda-feira, 9 de fevereiro de 2026");
    expect(html).toContain("A lei fixa só o prazo máximo: conta o prazo que lhe for fixado");
    expect(html).toContain("É o máximo: a alfândega fixa o prazo.");
    expect(html).toContain('download="lembrete-prazo-settlement-payment.ics"');
  });

  it("words a time limit that is not a maximum as its last day, in English", () => {
    const html = serverHtml("?prazo=isv-dav-individual&data=15%2F04%2F2026&lang=en", "en");
    expect(html).toContain("<h3>Last day of the time limit</h3>");
    expect(html).toContain("The time limit ends at the end of Thursday, 14 May 2026 (24:00, Lisbon time).");
    expect(html).not.toContain("at most");
  });

  it("lands the form's address on the error summary when the answer is a problem, and says from which year it counts", () => {
    const html = serverHtml("?prazo=settlement-payment&data=31%2F12%2F2009&lang=pt", "pt");
    expect(html).toMatch(/^<div class="tool-panel deadline-calculator" data-answered-panel=""><div id="calculadora" class="error-summary" tabindex="-1" role="alert">/);
    expect(html.match(/id="calculadora"/g)).toHaveLength(1);
    expect(html).toContain("A calculadora conhece os feriados a partir de 2010: indique uma data a partir de 01/01/2010.");
    expect(html.match(/class="error-summary"/g)).toHaveLength(1);
  });
});
