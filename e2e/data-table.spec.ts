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
