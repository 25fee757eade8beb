import type { Page } from "@playwright/test";
import { test, expect, axeViolations, waitForPageReady } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// Demo accounts (docs/sign-in.md; fictitious).
const ANA = { nif: "555555550", password: "demo-todos", name: "Ana Demo" };
const EXCISE = pageHref("excise");
const TRANSIT = pageHref("transit");

/** On the demo provider's login page: fill in and submit the credentials. */
async function logInAtProvider(page: Page) {
  await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
  await page.locator("#nif").fill(ANA.nif);
  await page.locator("#password").fill(ANA.password);
  await page.locator("#password").press("Enter");
}

async function documentWidth(page: Page) {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
}

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("pt: sign in from the header on any page, see who is signed in on every page, sign out from the header", async ({ page }) => {
    await page.goto(EXCISE);
    const header = page.getByRole("banner");
    const signIn = header.getByRole("link", { name: "Iniciar sessão (demonstração)", exact: true });
    await expect(signIn).toHaveAttribute("href", `/areaOE/auth/sign-in?returnTo=${encodeURIComponent(EXCISE)}`);
    await signIn.click();
    // The (demo) provider's login page fits the phone too.
    await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
    await logInAtProvider(page);
    await expect(page).toHaveURL(new RegExp(`${EXCISE}$`));

    const status = header.getByTestId("session-status");
    await expect(status).toHaveText(new RegExp(`Sessão iniciada como ${ANA.name}`));
    await expect(status.getByRole("button", { name: "Terminar sessão" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Iniciar sessão (demonstração)", exact: true })).toHaveCount(0);
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
    await waitForPageReady(page);
    expect(await axeViolations(page)).toEqual([]);

    // Another page, by following links: still there, and the sign-out comes back to it.
    await page.getByRole("link", { name: "Início" }).first().click();
    await page.locator(`a[href="${TRANSIT}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${TRANSIT}$`));
    await expect(status).toContainText(ANA.name);
    await expect(status.locator('input[name="returnTo"]')).toHaveValue(TRANSIT);

    // Personal pages: no cache may keep or share them.
    const response = await page.request.get(EXCISE);
    expect(response.headers()["cache-control"]).toBe("private, no-store");

    await status.getByRole("button", { name: "Terminar sessão" }).click();
    await page.getByRole("button", { name: "Sim, terminar sessão" }).click();
    await expect(page).toHaveURL(new RegExp(`${TRANSIT}$`));
    await expect(header.getByRole("link", { name: "Iniciar sessão (demonstração)", exact: true })).toBeVisible();
    await expect(header.getByText(ANA.name)).toHaveCount(0);
    // Signed out, a public page is a static document again: any cache may keep it and revalidates it.
    expect((await page.request.get(EXCISE)).headers()["cache-control"]).toBe("public, no-cache");
  });

  test("en: 'Logged in as' and 'Log out', without sideways panning at 320 px either", async ({ page }) => {
    await page.goto(`${EXCISE}?lang=en`);
    await page.getByRole("banner").getByRole("link", { name: "Log in (demo)", exact: true }).click();
    await logInAtProvider(page);
    await expect(page).toHaveURL(new RegExp(`${EXCISE}\\?lang=en$`));
    const status = page.getByRole("banner").getByTestId("session-status");
    await expect(status).toHaveText(new RegExp(`Logged in as ${ANA.name}`));
    await expect(status.getByRole("button", { name: "Log out" })).toBeVisible();
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await documentWidth(page)).toBeLessThanOrEqual(320);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the header's sign-in link and sign-out form work", async ({ page }) => {
    await page.goto(TRANSIT);
    await page.getByRole("banner").getByRole("link", { name: "Iniciar sessão (demonstração)", exact: true }).click();
    await logInAtProvider(page);
    await expect(page).toHaveURL(new RegExp(`${TRANSIT}$`));
    const status = page.getByRole("banner").getByTestId("session-status");
    await expect(status).toContainText(ANA.name);
    await status.getByRole("button", { name: "Terminar sessão" }).click();
    await page.getByRole("button", { name: "Sim, terminar sessão" }).click();
    await expect(page).toHaveURL(new RegExp(`${TRANSIT}$`));
    await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sessão (demonstração)", exact: true })).toBeVisible();
  });
});
