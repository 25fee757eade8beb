import { test, expect, waitForHydration } from "./support/fixtures";
import { SYSTEM_PROFILES } from "../app/features/session/system-profiles";
import { pageHref } from "../app/config/site-map";

const FIRST_STEPS = pageHref("first-steps");

for (const width of [390, 1280]) {
  test(`first steps at ${width} px: the systems table shows all its rows in the page, not in a scroll box of its own`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${FIRST_STEPS}?lang=pt`);
    await waitForHydration(page);
    const table = page.getByRole("table", { name: "Sistemas aduaneiros e o perfil de que cada um precisa" });
    // The table is an island that hydrates once it comes near the viewport (`when="visible"`).
    await table.scrollIntoViewIfNeeded();
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(SYSTEM_PROFILES.length);
    await expect(page.getByTestId("systems").getByText(`${SYSTEM_PROFILES.length} linhas`)).toBeVisible();
    await expect(page.getByTestId("systems").getByText("Página 1 de 1")).toBeVisible();
    // The box does not scroll vertically: scrolling the page brings every row into view.
    const box = page.getByRole("region", { name: "Sistemas aduaneiros e o perfil de que cada um precisa" });
    const { scrollHeight, clientHeight } = await box.evaluate((node) => ({ scrollHeight: node.scrollHeight, clientHeight: node.clientHeight }));
    expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);
    await rows.last().scrollIntoViewIfNeeded();
    await expect(rows.last()).toBeInViewport();
  });
}

test.describe("the documents table, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("at 390 px it says it scrolls sideways and scrolls in its own box; at 1280 px it fits and says nothing", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${pageHref("import-dain")}?lang=pt`);
    const box = page.getByRole("region", { name: "Documentos" });
    const hint = page.getByText("A tabela é mais larga do que o ecrã: deslize-a para o lado para ver todas as colunas.");
    await expect(hint).toBeVisible();
    const widths = await box.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The last column is reached by scrolling the box.
    await box.scrollIntoViewIfNeeded();
    await expect(box.getByRole("columnheader").last()).not.toBeInViewport();
    await box.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
    await expect(box.getByRole("columnheader").last()).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(hint).toBeHidden();
  });
});
