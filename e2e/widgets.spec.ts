import { readFile } from "node:fs/promises";
import { addDays, addMonths, format, subMonths } from "date-fns";
import { enGB } from "date-fns/locale";
import type { Page } from "@playwright/test";
import { test, expect, axeViolations, waitForHydration } from "./support/fixtures";

test.describe("certificate renewal planner (web services page)", () => {
  test("works by keyboard only: type, open the calendar, pick a day, download the .ics", async ({ page, consoleErrors }) => {
    await page.goto("/areaOE/public/webservices?lang=en");
    await waitForHydration(page);
    await expect(page.locator("form[data-interactive]")).toHaveCount(1);
    const input = page.getByLabel("Expiry date of the certificate");
    await expect(input).toBeVisible();
    const typed = addMonths(new Date(), 3);
    await input.focus();
    await page.keyboard.type(format(typed, "dd/MM/yyyy"));
    // Tab to the calendar button and open it: the typed day is selected and focused.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Choose the date from a calendar" })).toBeFocused();
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("dialog", { name: "Calendar" });
    await expect(calendar).toBeVisible();
    await expect(calendar.locator("button:focus")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    // Next day, pick it: the field gets it and focus comes back to the field.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(calendar).toBeHidden();
    const picked = addDays(typed, 1);
    await expect(input).toHaveValue(format(picked, "dd/MM/yyyy"));
    await expect(input).toBeFocused();
    // Submit with Enter: the browser answers (no reload) and focus moves to the answer; Tab to the reminder.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.keyboard.press("Enter");
    const lastDay = subMonths(picked, 1);
    await expect(page.getByText(`Request the renewal by ${format(lastDay, "PPP", { locale: enGB })}.`)).toBeVisible();
    await expect(page.getByText(/^\d+ days? left\.$/)).toBeVisible();
    await expect(page.locator(".renewal-planner__result")).toBeFocused();
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await expect(page).toHaveURL(new RegExp(`\\?validade=${format(picked, "dd'%2F'MM'%2F'yyyy")}&lang=en#renewal-planner$`));
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Download a calendar reminder (.ics)" })).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toBe("certificate-renewal-reminder.ics");
    const ics = await readFile((await download.path())!, "utf8");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("BEGIN:VEVENT\r\n");
    expect(ics).toMatch(/\r\nUID:[0-9a-f-]{36}@areaoe\r\n/);
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain(`\r\nDTSTART;VALUE=DATE:${format(lastDay, "yyyyMMdd")}\r\n`);
    expect(ics).toContain("\r\nSUMMARY;LANGUAGE=en:Request the renewal of the web-service certificate\r\n");
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("refuses an impossible date and keeps the text (pt)", async ({ page }) => {
    await page.goto("/areaOE/public/webservices?lang=pt");
    await waitForHydration(page);
    await expect(page.locator("form[data-interactive]")).toHaveCount(1);
    const input = page.getByLabel("Data de fim de validade do certificado");
    await input.fill("31/02/2026");
    await page.getByRole("button", { name: "Calcular o último dia" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Por favor, corrija os erros nos campos.");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Introduza uma data real: 31/02/2026 não existe");
    await expect(input).toHaveValue("31/02/2026");
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** Answers the IVAExp check's four questions as a postal consignment that meets them all. */
async function answerCovered(page: Page, answers: readonly string[]) {
  const groups = page.locator("#iva-exp-check fieldset");
  for (const [index, option] of answers.entries()) await groups.nth(index).getByRole("radio", { name: option, exact: true }).check();
}

test.describe("IVAExp check", () => {
  test("answers within or over the 1,000-euro limit and refuses bad values", async ({ page, consoleErrors }) => {
    await page.goto("/areaOE/public/ivaExp?lang=en");
    await waitForHydration(page);
    await expect(page.locator("form[data-interactive]")).toHaveCount(1);
    const input = page.getByLabel("Value of the consignment, in euros");
    const submit = page.getByRole("button", { name: "Check the consignment" });
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await input.fill("1,000.00");
    await answerCovered(page, ["Postal consignment", "No", "In Portugal", "No"]);
    await submit.click();
    await expect(page.getByText("€1,000.00 is within the limit of €1,000.")).toBeVisible();
    await expect(page.locator(".iva-exp-check__result")).toBeFocused();
    // Answered in the browser (no reload), at an address that also works without JavaScript.
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await expect(page).toHaveURL(/\?valor=1%2C000\.00&remessa=postal&direitos=nao&saida=portugal&iec=nao&lang=en#iva-exp-check$/);
    expect(await axeViolations(page)).toEqual([]);
    await input.fill("1000.01");
    await submit.click();
    await expect(page.getByText("€1,000.01 is over the limit of €1,000.")).toBeVisible();
    await input.fill("-5");
    await submit.click();
    await expect(page.getByRole("alert")).toContainText("Enter a number that is zero or more, without a minus sign");
    await expect(page.getByRole("alert")).toBeFocused();
    await expect(input).toHaveValue("-5");
    await input.fill("12.345");
    await input.press("Enter");
    await expect(page.getByRole("alert")).toContainText("Enter a number with at most 2 decimal places");
    await expect(page.getByRole("alert")).toBeFocused();
    await expect(input).toHaveValue("12.345");
    await page.getByRole("alert").getByRole("link").click();
    await expect(input).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    // Back goes to the previous answer, with the text it answers.
    await page.goBack();
    await expect(input).toHaveValue("-5");
    expect(consoleErrors).toEqual([]);
  });

  test("reads Portuguese numbers and writes euros the Portuguese way (pt)", async ({ page, consoleErrors }) => {
    await page.goto("/areaOE/public/ivaExp?lang=pt");
    await waitForHydration(page);
    await expect(page.locator("form[data-interactive]")).toHaveCount(1);
    const input = page.getByLabel("Valor da remessa, em euros");
    const submit = page.getByRole("button", { name: "Verificar a remessa" });
    await input.fill("850,50");
    await answerCovered(page, ["Remessa postal", "Não", "Em Portugal", "Não"]);
    await submit.click();
    await expect(page.getByText("850,50 € não ultrapassa o limite de 1000 €.")).toBeVisible();
    for (const text of ["1.000,00", "1 000,00", "1000"]) {
      await input.fill(text);
      await submit.click();
      // The three give the same answer as the one before: wait for this submission's address, or the
      // next fill could land while its navigation is still under way (and be replaced by its value).
      await expect.poll(() => new URL(page.url()).searchParams.get("valor")).toBe(text);
      await expect(page.getByText("1000,00 € não ultrapassa o limite de 1000 €.")).toBeVisible();
    }
    await input.fill("1.000,01");
    await submit.click();
    await expect(page.getByText("1000,01 € ultrapassa o limite de 1000 €.")).toBeVisible();
    await input.fill("1,000.00");
    await submit.click();
    await expect(page.getByRole("alert")).toContainText("Introduza um número com ',' nas casas decimais e '.' ou um espaço entre grupos");
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("acronyms", () => {
  test("an acronym opens its meaning in a popover, Esc closes it", async ({ page }) => {
    // A page of text, not hydrated: the popover is the platform's (popover, popovertarget).
    await page.goto("/areaOE/public/iecs/siceu?lang=en");
    const trigger = page.getByRole("button", { name: /^IEC\s?\(show meaning\)$/ }).first();
    await trigger.focus();
    await page.keyboard.press("Enter");
    const popover = page.getByRole("dialog", { name: "Meaning of IEC" });
    await expect(popover).toContainText("Excise duties");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the meaning is in an abbr title", async ({ page }) => {
      await page.goto("/areaOE/public/iecs/siceu?lang=pt");
      await expect(page.locator("abbr.acronym", { hasText: "IEC" }).first()).toHaveAttribute("title", "Impostos especiais de consumo");
    });
    test("the popover opens and closes without any script (the platform's popover)", async ({ page }) => {
      await page.goto("/areaOE/public/iecs/siceu?lang=pt");
      const trigger = page.getByRole("button", { name: /^IEC\s?\(ver significado\)$/ }).first();
      await trigger.click();
      const popover = page.getByRole("dialog", { name: "Significado de IEC" });
      await expect(popover).toContainText("Impostos especiais de consumo");
      await page.keyboard.press("Escape");
      await expect(popover).toBeHidden();
    });
  });
});
