import type { Page } from "@playwright/test";
import { test, expect, axeViolations, waitForHydration } from "./support/fixtures";

/** The summary's links, each as its text and the id of the field it points to. */
async function summaryEntries(page: Page) {
  const summary = page.getByRole("alert").filter({ hasText: /Por favor, corrija os erros nos campos\.|Please, correct the errors in the fields\./ });
  await expect(summary).toBeFocused();
  return summary.getByRole("link").evaluateAll((links) =>
    links.map((link) => ({ text: (link.textContent ?? "").trim(), target: link.getAttribute("href") ?? "" })),
  );
}

for (const [lang, mandatory] of [
  ["pt", "Obrigatório"],
  ["en", "Mandatory"],
] as const) {
  test(`the IVAExp check's error summary names each question and links to it (${lang})`, async ({ page }) => {
    await page.goto(`/areaOE/public/ivaExp?lang=${lang}`);
    await waitForHydration(page);
    const form = page.locator("form[data-interactive]");
    await form.getByRole("button").click();
    const field = form.locator("input[name=valor]");
    const fieldId = await field.getAttribute("id");
    const label = (await form.locator(`label[for="${fieldId}"]`).textContent())?.trim();
    expect(label).toBeTruthy();
    // Each radio question is linked through its first option, named by its legend.
    const questions = await form.locator("fieldset").evaluateAll((sets) =>
      sets.map((set) => ({
        legend: (set.querySelector("legend")?.textContent ?? "").trim(),
        first: set.querySelector("input[type=radio]")?.id ?? "",
      })),
    );
    expect(questions).toHaveLength(4);
    expect(await summaryEntries(page)).toEqual([
      { text: `${label}: ${mandatory}`, target: `#${fieldId}` },
      ...questions.map(({ legend, first }) => ({ text: `${legend}: ${mandatory}`, target: `#${first}` })),
    ]);
    await page.getByRole("link", { name: `${label}: ${mandatory}` }).click();
    await expect(field).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("the renewal planner's error summary names the date field (pt)", async ({ page }) => {
  await page.goto("/areaOE/public/webservices?lang=pt");
  await waitForHydration(page);
  const form = page.locator("form[data-interactive]");
  await form.getByRole("button", { name: "Calcular o último dia" }).click();
  const field = page.getByLabel("Data de fim de validade do certificado");
  const fieldId = await field.getAttribute("id");
  expect(await summaryEntries(page)).toEqual([{ text: "Data de fim de validade do certificado: Obrigatório", target: `#${fieldId}` }]);
});
