import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { test, expect, axeViolations, serverPageAxeViolations } from "./support/fixtures";

// Issue 39: the time-limits page on a phone, without JavaScript, in both languages: the list filtered
// by a GET form, the calculator answered by the server (last day, how it was counted, the rule), its
// .ics reminder; and a page's own table. axe-clean, nothing wider than 390 px.
// Issue 47: the calculator where the question is: a table row's "Calculate" link opens it with that
// limit chosen, it is in "On this page" above the list, the answer keeps the limit's caveats (page and
// .ics, named after the limit), focus moves to the answer or the error summary (with JavaScript), the
// language switch keeps the query and the fragment (with and without it), the filters match the pages.
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

const TEXTS = {
  pt: {
    area: "Área",
    areaValue: "Fiscalidade automóvel",
    filter: "Filtrar",
    caption: "Prazos",
    actor: "Quem tem de agir",
    actorValue: "Particular",
    count: "1 prazo.",
    row: "Apresentar a DAV (particular)",
    limit: "Prazo",
    date: "Data do acontecimento",
    submit: "Calcular o último dia",
    lastDay: "Se lhe for fixado o prazo máximo, o prazo termina no fim de segunda-feira, 9 de fevereiro de 2026 (24:00, hora de Lisboa).",
    moved: "não é dia útil",
    rule: "Regulamento (CEE, Euratom) n.º 1182/71",
    reminder: "Descarregar um lembrete para o calendário (.ics)",
    summary: "SUMMARY;LANGUAGE=pt:Último dia do prazo máximo: Pagar os direitos de importação ou de exportação da dívida aduaneira notificada",
    mandatory: "Prazo: Obrigatório",
    tableCaption: "Prazos desta página",
    caveat: "A lei fixa só o prazo máximo",
    fileName: "lembrete-prazo-settlement-payment.ics",
    other: "en",
    otherLastDay: "If the maximum is set, the time limit ends at the end of Monday, 9 February 2026",
  },
  en: {
    area: "Area",
    areaValue: "Vehicle taxation",
    filter: "Filter",
    caption: "Time limits",
    actor: "Who must act",
    actorValue: "Private individual",
    count: "1 time limit.",
    row: "Lodge the DAV (private individual)",
    limit: "Time limit",
    date: "Date of the event",
    submit: "Work out the last day",
    lastDay: "If the maximum is set, the time limit ends at the end of Monday, 9 February 2026 (24:00, Lisbon time).",
    moved: "which is not a working day",
    rule: "Regulation (EEC, Euratom) No 1182/71",
    reminder: "Download a calendar reminder (.ics)",
    summary: "SUMMARY;LANGUAGE=en:Last day of the maximum time limit: Pay the import or export duty of the notified customs debt",
    mandatory: "Time limit: Mandatory",
    tableCaption: "Time limits on this page",
    caveat: "The law fixes only the maximum",
    fileName: "time-limit-reminder-settlement-payment.ics",
    other: "pt",
    otherLastDay: "Se lhe for fixado o prazo máximo, o prazo termina no fim de segunda-feira, 9 de fevereiro de 2026",
  },
} as const;

async function fitsThePhone(page: Page) {
  const widths = await page.evaluate(() => ({ html: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: window.innerWidth }));
  expect(Math.max(widths.html, widths.body)).toBeLessThanOrEqual(widths.viewport);
}

for (const lang of ["pt", "en"] as const) {
  const texts = TEXTS[lang];

  test(`the time-limits page filters the list and computes a last day without JavaScript (${lang})`, async ({ page, browser }) => {
    await page.goto(`/areaOE/public/prazos?lang=${lang}`);
    await page.getByLabel(texts.area, { exact: true }).selectOption({ label: texts.areaValue });
    await page.getByLabel(texts.actor, { exact: true }).selectOption({ label: texts.actorValue });
    await page.getByRole("button", { name: texts.filter }).click();
    await expect(page).toHaveURL(/area=vehicle-tax&quem=individual/);
    await expect(page.getByRole("status")).toHaveText(texts.count);
    await expect(page.getByRole("table", { name: texts.caption, exact: true }).getByRole("rowheader")).toHaveText([texts.row]);
    await fitsThePhone(page);
    expect(await serverPageAxeViolations(browser, page)).toEqual([]);

    // The calculator: nothing chosen is an error summary; then the settlement's 10 days from a Thursday.
    await page.getByRole("button", { name: texts.submit }).click();
    await expect(page.getByRole("alert")).toContainText(texts.mandatory);
    // The form's address is the summary's id: the browser focuses it, without any script.
    await expect(page.getByRole("alert")).toBeFocused();
    await page.getByLabel(texts.limit, { exact: true }).selectOption("settlement-payment");
    await page.getByLabel(texts.date).fill("29/01/2026");
    await page.getByRole("button", { name: texts.submit }).click();
    const result = page.locator(".deadline-calculator__result");
    await expect(result).toContainText(texts.lastDay);
    await expect(result).toContainText(texts.moved);
    await expect(result).toContainText(texts.rule);
    await expect(result).toContainText(texts.caveat);
    // Without JavaScript the form's address lands on the answer, which the browser focuses.
    expect(new URL(page.url()).hash).toBe("#calculadora");
    await expect(result).toBeFocused();
    await fitsThePhone(page);
    expect(await serverPageAxeViolations(browser, page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), result.getByRole("link", { name: texts.reminder }).click()]);
    expect(download.suggestedFilename()).toBe(texts.fileName);
    const ics = (await readFile((await download.path())!, "utf8")).replace(/\r\n /g, "");
    expect(ics).toContain("\r\nDTSTART;VALUE=DATE:20260209\r\n");
    expect(ics).toContain(`\r\n${texts.summary}\r\n`);
    expect(ics.replace(/\\/g, "")).toContain(texts.caveat);

    // The language switch, a plain link: the whole query and the answer's section (the server adds
    // the fragment its query answers: it never sees the browser's).
    await page.locator(`a[hreflang="${texts.other}"]`).click();
    await expect(page).toHaveURL(new RegExp(`prazo=settlement-payment&data=29%2F01%2F2026&lang=${texts.other}#calculadora$`));
    await expect(page.locator(".deadline-calculator__result")).toContainText(texts.otherLastDay);
  });

  test(`a system page shows its time limits in a table that fits 390 px (${lang})`, async ({ page, browser }) => {
    await page.goto(`/areaOE/public/liquidacaoGarantias/liquidacoesAduaneiras?lang=${lang}`);
    const table = page.getByRole("table", { name: texts.tableCaption });
    await table.scrollIntoViewIfNeeded();
    await expect(table).toBeVisible();
    await expect(table.getByRole("rowheader").first()).toBeVisible();
    await fitsThePhone(page);
    expect(await serverPageAxeViolations(browser, page)).toEqual([]);
  });
}

test.describe("with JavaScript, on a desktop", () => {
  test.use({ javaScriptEnabled: true, viewport: { width: 1280, height: 900 } });

  test("a page's table opens the calculator with its row's limit; focus goes to the summary, then the answer; the switch keeps the address (pt → en)", async ({ page }) => {
    // A system page's table: the row's "Calculate" link.
    await page.goto("/areaOE/public/liquidacaoGarantias/liquidacoesAduaneiras?lang=pt");
    await page.getByRole("link", { name: "Calcular o último dia de «Pagar os direitos de importação ou de exportação da dívida aduaneira notificada»" }).click();
    await expect(page).toHaveURL(/\/areaOE\/public\/prazos\?prazo=settlement-payment&lang=pt#calculadora$/);
    const limit = page.getByLabel("Prazo", { exact: true });
    await expect(limit).toHaveValue("settlement-payment");
    // In "On this page", and above the long list.
    await expect(page.getByRole("navigation", { name: "Nesta página" }).getByRole("link", { name: "Calcular o último dia de um prazo" })).toBeVisible();
    const calculatorTop = (await page.locator("#calculadora").boundingBox())!.y;
    expect(calculatorTop).toBeLessThan((await page.locator("#lista").boundingBox())!.y);
    // No time limit the calculator offers counts in hours: no time field.
    await expect(page.getByLabel("Hora do acontecimento (hora de Lisboa)")).toHaveCount(0);

    // Submitted without a date: the page opens on the error summary, which the browser focuses (the
    // form's address is its id).
    await page.getByRole("button", { name: "Calcular o último dia" }).click();
    await expect(page.locator(".error-summary")).toBeFocused();
    await page.getByLabel("Data do acontecimento").fill("29/01/2026");
    await page.getByRole("button", { name: "Calcular o último dia" }).click();
    const result = page.locator(".deadline-calculator__result");
    await expect(result).toBeFocused();
    await expect(result).toContainText("Último dia do prazo máximo");
    await expect(result).toContainText("10 dias de calendário, no máximo");
    await expect(result).toContainText("Conta a partir de");
    expect(await axeViolations(page)).toEqual([]);

    // After an in-page link the fragment is the browser's own: the switch keeps it and the query.
    await page.goto(`${page.url().replace(/#.*$/, "")}#prazo-settlement-payment`);
    await page.locator('a[hreflang="en"]').click();
    await expect(page).toHaveURL(/\?prazo=settlement-payment&data=29%2F01%2F2026&lang=en#prazo-settlement-payment$/);
    await expect(page.locator(".deadline-calculator__result")).toContainText("Last day of the maximum time limit");

    // The filters match the pages a record belongs to, and offer no choice without rows.
    const actors = await page.getByLabel("Who must act", { exact: true }).locator("option").allTextContents();
    expect(actors).not.toContain("Importer");
    expect(actors).not.toContain("Exporter");
    await page.getByLabel("Area", { exact: true }).selectOption("import");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/area=import/);
    await expect(page.getByRole("status")).toBeFocused();
    await expect(page.getByRole("table", { name: "Time limits", exact: true }).getByRole("rowheader", { name: "Pay the import or export duty of the notified customs debt" })).toBeVisible();
  });
});
