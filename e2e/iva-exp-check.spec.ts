import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./support/fixtures";

// The IVAExp check asks every condition of the simplified export certificate (Decreto-Lei
// 49/2025, Portaria 262/2025/1) and answers each, in both languages, with and without JavaScript.
const TEXTS = {
  pt: {
    submit: "Verificar a remessa",
    value: "Valor da remessa, em euros",
    covered: { consignment: "Remessa postal", exportDuties: "Não", exit: "Em Portugal", excise: "Não" },
    yes: "Sim",
    eligible: "A remessa cumpre as condições do certificado de exportação simplificado.",
    notEligible: "A remessa não cumpre as condições do certificado de exportação simplificado.",
    cases: [
      { change: { value: "1000,01" }, reason: "1000,01 € ultrapassa o limite de 1000 €." },
      { change: { consignment: "Outro meio (por exemplo carga aérea ou marítima)" }, reason: "Não é uma remessa postal nem expresso." },
      { change: { exportDuties: "Sim" }, reason: "Há mercadorias sujeitas a direitos de exportação." },
      { change: { exit: "Noutro Estado-Membro" }, reason: "A estância aduaneira de saída não fica em Portugal." },
      {
        change: { excise: "Sim" },
        reason: "Os produtos sujeitos a impostos especiais de consumo só ficam abrangidos a partir de 1 de julho de 2027.",
      },
    ],
    okValue: "1000,00",
  },
  en: {
    submit: "Check the consignment",
    value: "Value of the consignment, in euros",
    covered: { consignment: "Express consignment", exportDuties: "No", exit: "In Portugal", excise: "No" },
    yes: "Yes",
    eligible: "The consignment meets the conditions of the simplified export certificate.",
    notEligible: "The consignment does not meet the conditions of the simplified export certificate.",
    cases: [
      { change: { value: "1000.01" }, reason: "€1,000.01 is over the limit of €1,000." },
      { change: { consignment: "Another way (for example air or sea cargo)" }, reason: "It is neither a postal nor an express consignment." },
      { change: { exportDuties: "Yes" }, reason: "Some goods are subject to export duties." },
      { change: { exit: "In another Member State" }, reason: "The customs office of exit is not in Portugal." },
      { change: { excise: "Yes" }, reason: "Goods subject to excise duties are covered only from 1 July 2027." },
    ],
    okValue: "1000.00",
  },
} as const;

const QUESTIONS = ["consignment", "exportDuties", "exit", "excise"] as const;
// Excise goods are covered from 1 July 2027 (the server's clock decides): from then, that case is covered.
const EXCISE_COVERED = new Date().toISOString().slice(0, 10) >= "2027-07-01";
type Answers = { value: string } & Record<(typeof QUESTIONS)[number], string>;

async function answer(page: Page, lang: "pt" | "en", answers: Answers) {
  const texts = TEXTS[lang];
  const panel = page.locator("#iva-exp-check");
  await panel.getByLabel(texts.value).fill(answers.value);
  for (const [index, question] of QUESTIONS.entries()) {
    await panel.locator("fieldset").nth(index).getByRole("radio", { name: answers[question], exact: true }).check();
  }
  await panel.getByRole("button", { name: texts.submit }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`IVAExp check, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    for (const lang of ["pt", "en"] as const) {
      const texts = TEXTS[lang];

      async function open(page: Page) {
        await page.goto(`/areaOE/public/ivaExp?lang=${lang}`);
        if (javaScriptEnabled) await waitForHydration(page);
        return page.locator(".iva-exp-check__result");
      }

      test(`covers a consignment that meets every condition, at the limit itself (${lang})`, async ({ page }) => {
        const result = await open(page);
        await answer(page, lang, { value: texts.okValue, ...texts.covered });
        await expect(result).toContainText(texts.eligible);
        await expect(result.locator(".iva-exp-check__missed")).toHaveCount(0);
        await expect(result.locator(".iva-exp-check__met")).toHaveCount(5);
      });

      for (const { change, reason } of texts.cases) {
        const question = Object.keys(change)[0];
        test(`a consignment that misses the ${question} condition is not covered, and that condition is named (${lang})`, async ({ page }) => {
          const result = await open(page);
          await answer(page, lang, { value: "100", ...texts.covered, ...change });
          if (EXCISE_COVERED && "excise" in change) {
            await expect(result).toContainText(texts.eligible);
            return;
          }
          await expect(result).toContainText(texts.notEligible);
          // Intl writes pt-PT amounts with a no-break space (1000,01 €): any space matches.
          await expect(result.locator(".iva-exp-check__missed")).toHaveText([new RegExp(`${reason.replace(/[.()]/g, "\\$&").replace(/ /g, "\\s")}$`)]);
        });
      }
    }
  });
}
