import { test, expect, axeViolations, waitForHydration, isHydratedPage } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

const CHECKER = pageHref("security-header-check");

test("smoke: the checker is an island", async ({ page, consoleErrors }) => {
  await page.goto(`${CHECKER}?lang=en`);
  await waitForHydration(page);
  expect(await isHydratedPage(page)).toBe(true);
  const html = await page.content();
  expect(html).not.toContain("__reactRouter");
  await page.getByLabel("Search the site").or(page.locator("input[type=search]")).first().fill("transit");
  await expect(page.locator(".header-search__panel")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
