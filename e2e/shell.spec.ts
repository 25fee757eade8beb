import { test, expect, axeViolations, waitForPageReady } from "./support/fixtures";
import { ROUTED_PATHS } from "./support/routes";
import pt from "../app/i18n/locales/pt/pages.json" with { type: "json" };
import en from "../app/i18n/locales/en/pages.json" with { type: "json" };

const TITLES = { pt, en } as Record<"pt" | "en", Record<string, { title: string }>>;

for (const lang of ["pt", "en"] as const) {
  test.describe(`every route in ${lang}`, () => {
    for (const { id, path } of ROUTED_PATHS) {
      test(`${path} answers 200 with lang, title, one h1, no console error and no axe violation`, async ({
        page,
        consoleErrors,
      }) => {
        const response = await page.goto(`${path}?lang=${lang}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        const title = TITLES[lang][id === "home" ? "home" : id]?.title ?? "";
        await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
        await expect(page.locator("h1")).toHaveCount(1);
        await waitForPageReady(page);
        expect(await axeViolations(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    }
  });
}

test("an unknown path answers 404 with the unavailable screen", async ({ page }) => {
  const response = await page.goto("/areaOE/public/nao-existe?lang=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The feature you are trying to access is not available")).toBeVisible();
  await page.getByRole("link", { name: "Back to the homepage" }).click();
  await expect(page).toHaveURL(/\/areaOE\/$/);
});

test("the host root redirects to the portal", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/areaOE\/$/);
});

test("the language switcher changes the texts and the choice persists across navigation", async ({ page }) => {
  // A page of text (not hydrated): the switcher's links are page loads.
  await page.goto("/areaOE/public/iecs");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impostos especiais de consumo");
  await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Excise duties");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Economic Operators Area");
  // A full reload keeps the choice (cookie).
  await page.goto("/areaOE/public/transito");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transit");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("content and the switcher still work", async ({ page }) => {
    await page.goto("/areaOE/public/exportacao");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exportação");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Export");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("the image dialog opens, traps focus, closes with Esc and with Close", async ({ page }) => {
  // The home page is not hydrated: the dialog is the platform's <dialog> and the page's one small module.
  await page.goto("/areaOE/?lang=en");
  const thumbnail = page.getByRole("link", { name: /Enlarge image/ });
  await thumbnail.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img")).toBeVisible();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press("Tab");
    const inside = await dialog.evaluate((node) => node.contains(document.activeElement));
    expect(inside).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();
  await thumbnail.click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test("side panel: Contact Us and external useful links open a new tab safely", async ({ page }) => {
  await page.goto("/areaOE/?lang=en");
  const panel = page.getByRole("complementary", { name: "Side panel" });
  const contact = panel.getByRole("link", { name: /Questions and suggestions/ });
  await expect(contact).toHaveAttribute("target", "_blank");
  const usefulLinks = panel.locator("#useful-links-heading + ul a");
  await expect(usefulLinks).toHaveCount(6);
  for (const link of await usefulLinks.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toContainText("(opens in a new tab)");
  }
  await expect(panel.getByRole("link", { name: /Tariff/ })).toHaveAttribute(
    "href",
    "https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp",
  );
});
