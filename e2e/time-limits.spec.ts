import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { test, expect, serverPageAxeViolations } from "./support/fixtures";

// Issue 39: the time-limits page on a phone, without JavaScript, in both languages: the list filtered
// by a GET form, the calculator answered by the server (last day, how it was counted, the rule), its
// .ics reminder; and a page's own table. axe-clean, nothing wider than 390 px.
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
    lastDay: "O prazo termina no fim de segunda-feira, 9 de fevereiro de 2026 (24:00, hora de Lisboa).",
    moved: "não é dia útil",
    rule: "Regulamento (CEE, Euratom) n.º 1182/71",
    reminder: "Descarregar um lembrete para o calendário (.ics)",
    summary: "SUMMARY;LANGUAGE=pt:Último dia: Pagar os direitos de importação ou de exportação da dívida aduaneira notificada",
    mandatory: "Prazo: Obrigatório",
    tableCaption: "Prazos desta página",
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
    lastDay: "The time limit ends at the end of Monday, 9 February 2026 (24:00, Lisbon time).",
    moved: "which is not a working day",
    rule: "Regulation (EEC, Euratom) No 1182/71",
    reminder: "Download a calendar reminder (.ics)",
    summary: "SUMMARY;LANGUAGE=en:Last day: Pay the import or export duty of the notified customs debt",
    mandatory: "Time limit: Mandatory",
    tableCaption: "Time limits on this page",
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
    await page.getByLabel(texts.limit, { exact: true }).selectOption("settlement-payment");
    await page.getByLabel(texts.date).fill("29/01/2026");
    await page.getByRole("button", { name: texts.submit }).click();
    const result = page.locator(".deadline-calculator__result");
    await expect(result).toContainText(texts.lastDay);
    await expect(result).toContainText(texts.moved);
    await expect(result).toContainText(texts.rule);
    await fitsThePhone(page);
    expect(await serverPageAxeViolations(browser, page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), result.getByRole("link", { name: texts.reminder }).click()]);
    const ics = (await readFile((await download.path())!, "utf8")).replace(/\r\n /g, "");
    expect(ics).toContain("\r\nDTSTART;VALUE=DATE:20260209\r\n");
    expect(ics).toContain(`\r\n${texts.summary}\r\n`);
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
