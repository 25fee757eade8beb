import { readFile } from "node:fs/promises";
import { addMonths, addDays, format, subMonths } from "date-fns";
import { enGB, pt } from "date-fns/locale";
import type { Page } from "@playwright/test";
import { test, expect, serverPageAxeViolations } from "./support/fixtures";

// The IVAExp check and the renewal planner are plain GET forms answered by the
// server, so they work with JavaScript disabled, in both languages, on a phone as on a desktop.
test.use({ javaScriptEnabled: false });

const TEXTS = {
  pt: {
    summaryTitle: "Por favor, corrija os erros nos campos.",
    iva: {
      label: "Valor da remessa, em euros",
      submit: "Verificar a remessa",
      covered: ["Remessa postal", "Não", "Em Portugal", "Não"],
      valid: "850,50",
      validAddress: "valor=850%2C50&remessa=postal&direitos=nao&saida=portugal&iec=nao&lang=pt#iva-exp-check",
      within: "850,50 € não ultrapassa o limite de 1000 €.",
      over: ["1.000,01", "1000,01 € ultrapassa o limite de 1000 €."],
      invalid: ["850.50", "Introduza um número com ',' nas casas decimais e '.' ou um espaço entre grupos de três algarismos, por exemplo 1.234,56"],
    },
    planner: {
      label: "Data de fim de validade do certificado",
      submit: "Calcular o último dia",
      lastDay: (day: Date) => `Peça a renovação até ${format(day, "PPP", { locale: pt })}.`,
      download: "Descarregar um lembrete para o calendário (.ics)",
      fileName: "lembrete-renovacao-certificado.ics",
      summary: "SUMMARY;LANGUAGE=pt:Pedir a renovação do certificado dos serviços web",
      invalid: ["31/02/2026", "Introduza uma data real: 31/02/2026 não existe"],
      expired: /^O certificado expirou em /,
    },
  },
  en: {
    summaryTitle: "Please, correct the errors in the fields.",
    iva: {
      label: "Value of the consignment, in euros",
      submit: "Check the consignment",
      covered: ["Postal consignment", "No", "In Portugal", "No"],
      valid: "850.50",
      validAddress: "valor=850.50&remessa=postal&direitos=nao&saida=portugal&iec=nao&lang=en#iva-exp-check",
      within: "€850.50 is within the limit of €1,000.",
      over: ["1,000.01", "€1,000.01 is over the limit of €1,000."],
      invalid: ["-5", "Enter a number that is zero or more, without a minus sign"],
    },
    planner: {
      label: "Expiry date of the certificate",
      submit: "Calculate the last day",
      lastDay: (day: Date) => `Request the renewal by ${format(day, "PPP", { locale: enGB })}.`,
      download: "Download a calendar reminder (.ics)",
      fileName: "certificate-renewal-reminder.ics",
      summary: "SUMMARY;LANGUAGE=en:Request the renewal of the web-service certificate",
      invalid: ["31/02/2026", "Enter a real date: 31/02/2026 does not exist"],
      expired: /^The certificate expired on /,
    },
  },
} as const;


async function expectFitsViewport(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const width of [1280, 390]) {
  test.describe(`without JavaScript, ${width} px wide`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    for (const lang of ["pt", "en"] as const) {
      const texts = TEXTS[lang];

      test(`IVAExp check answers from the server (${lang})`, async ({ page, browser }) => {
        await page.goto(`/areaOE/public/ivaExp?lang=${lang}`);
        const input = page.getByLabel(texts.iva.label);
        const submit = page.getByRole("button", { name: texts.iva.submit });

        // A valid value: the server answers, the page lands on the check, the answer is on screen.
        await input.fill(texts.iva.valid);
        const groups = page.locator("#iva-exp-check fieldset");
        for (const [index, option] of texts.iva.covered.entries()) {
          await groups.nth(index).getByRole("radio", { name: option, exact: true }).check();
        }
        await submit.click();
        await expect(page).toHaveURL(new RegExp(`/areaOE/public/ivaExp\\?${texts.iva.validAddress.replace(/[.?]/g, "\\$&")}$`));
        const verdict = page.getByText(texts.iva.within);
        await expect(verdict).toBeVisible();
        await expect(verdict).toBeInViewport();
        await expect(input).toHaveValue(texts.iva.valid);
        await expectFitsViewport(page);
        expect(await serverPageAxeViolations(browser, page)).toEqual([]);

        await input.fill(texts.iva.over[0]);
        await submit.click();
        await expect(page.getByText(texts.iva.over[1])).toBeVisible();

        // An invalid value: the error summary and the field's message, the text kept.
        await input.fill(texts.iva.invalid[0]);
        await submit.click();
        const summary = page.getByRole("alert");
        await expect(summary).toContainText(texts.summaryTitle);
        await expect(summary).toContainText(texts.iva.invalid[1]);
        await expect(summary).toBeInViewport();
        await expect(summary.getByRole("link")).toHaveAttribute("href", "#iva-exp-value");
        await expect(page.locator("#iva-exp-value-error")).toContainText(texts.iva.invalid[1]);
        await expect(input).toHaveValue(texts.iva.invalid[0]);
        await expect(input).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByText(texts.iva.within)).toHaveCount(0);
        await expectFitsViewport(page);
        expect(await serverPageAxeViolations(browser, page)).toEqual([]);
      });

      test(`renewal planner answers from the server and its .ics reminder downloads (${lang})`, async ({ page, browser }) => {
        await page.goto(`/areaOE/public/webservices?lang=${lang}`);
        const input = page.getByLabel(texts.planner.label);
        const submit = page.getByRole("button", { name: texts.planner.submit });
        // No calendar button without JavaScript: the text field works alone.
        await expect(page.locator("#renewal-planner").getByRole("button")).toHaveCount(1);

        await input.fill(texts.planner.invalid[0]);
        await submit.click();
        const summary = page.getByRole("alert");
        await expect(summary).toContainText(texts.summaryTitle);
        await expect(summary).toContainText(texts.planner.invalid[1]);
        await expect(input).toHaveValue(texts.planner.invalid[0]);
        expect(await serverPageAxeViolations(browser, page)).toEqual([]);

        const expiry = addMonths(new Date(), 3);
        const lastDay = subMonths(expiry, 1);
        await input.fill(format(expiry, "dd/MM/yyyy"));
        await submit.click();
        await expect(page).toHaveURL(/\?validade=\d\d%2F\d\d%2F\d{4}&lang=(pt|en)#renewal-planner$/);
        const answer = page.getByText(texts.planner.lastDay(lastDay));
        await expect(answer).toBeVisible();
        await expect(answer).toBeInViewport();
        await expect(page.getByRole("alert")).toHaveCount(0);
        await expectFitsViewport(page);
        expect(await serverPageAxeViolations(browser, page)).toEqual([]);

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: texts.planner.download }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(texts.planner.fileName);
        const ics = (await readFile((await download.path())!, "utf8")).replace(/\r\n /g, "");
        expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
        expect(ics).toContain(`\r\nDTSTART;VALUE=DATE:${format(lastDay, "yyyyMMdd")}\r\n`);
        expect(ics).toContain(`\r\n${texts.planner.summary}\r\n`);
      });
    }
  });
}

test("a reminder address that gives no reminder returns to the planner, which says why", async ({ page }) => {
  const expired = format(addDays(new Date(), -2), "yyyy-MM-dd");
  await page.goto(`/areaOE/public/webservices/lembrete-renovacao.ics?validade=${expired}&lang=en`);
  await expect(page).toHaveURL(new RegExp(`/areaOE/public/webservices\\?validade=${expired}&lang=en#renewal-planner$`));
  await expect(page.getByText(TEXTS.en.planner.expired)).toBeVisible();
  await expect(page.getByRole("link", { name: TEXTS.en.planner.download })).toHaveCount(0);
});
