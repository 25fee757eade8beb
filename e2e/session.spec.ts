import type { Page } from "@playwright/test";
import { test, expect, axeViolations, waitForPageReady } from "./support/fixtures";
import config from "../config/areaoe.json" with { type: "json" };
import { pageHref } from "../app/config/site-map";

const FIRST_STEPS = pageHref("first-steps");
const FORM = pageHref("security-header-form");
// The tests' server runs the demo provider: its sign-in buttons say they lead there.
const DEMO_SIGN_IN = "Iniciar sessão no fornecedor de identidade de demonstração (contas fictícias)";

const ACCOUNTS = {
  all: { nif: "555555550", password: "demo-todos", name: "Ana Demo" },
  some: { nif: "555555569", password: "demo-alguns", name: "Bruno Demo" },
  none: { nif: "555555577", password: "demo-nenhum", name: "Carla Demo" },
} as const;

/** On the demo provider's login page (pt): fill in and submit the credentials. */
async function logInAtProvider(page: Page, account: { nif: string; password: string }) {
  await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
  await page.getByLabel("Número de identificação fiscal (NIF)").fill(account.nif);
  await page.getByLabel("Senha").fill(account.password);
  await page.getByRole("button", { name: "Iniciar sessão" }).click();
}

async function signInFromFirstSteps(page: Page, account: { nif: string; password: string }) {
  await page.goto(FIRST_STEPS);
  await page.getByRole("link", { name: DEMO_SIGN_IN }).click();
  await logInAtProvider(page, account);
  await expect(page).toHaveURL(new RegExp(`${FIRST_STEPS}$`));
}

test("anonymous: the first-steps page shows the not-registered guidance, sign-in and GUE, without axe violations", async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto(FIRST_STEPS);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  const state = page.getByTestId("login-state");
  await expect(state.getByRole("heading", { name: "Não tem sessão iniciada" })).toBeVisible();
  await expect(state.getByRole("link", { name: DEMO_SIGN_IN })).toHaveAttribute(
    "href",
    `/areaOE/auth/sign-in?returnTo=${encodeURIComponent(FIRST_STEPS)}`,
  );
  await expect(state.getByRole("link", { name: /Pedir acreditação na GUE/ })).toHaveAttribute("href", config.links.gue);
  await expect(page.getByText("Inicie sessão para ver os seus perfis aduaneiros.", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Sistemas aduaneiros e o perfil de que cada um precisa" })).toBeVisible();
  await waitForPageReady(page);
  // The guide walks through the five steps on the Stepper, registration first (app/config/first-steps.ts).
  const guide = page.getByRole("list", { name: "Passos para começar a utilizar os sistemas aduaneiros" });
  await expect(guide.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("heading", { name: "Passo 1 de 5: Registar-se no Portal das Finanças" })).toBeVisible();
  await page.getByRole("button", { name: "Passo seguinte" }).click();
  await expect(page.getByRole("heading", { name: "Passo 2 de 5: Obter acreditação na GUE" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Passo 1 de 5: Registar-se no Portal das Finanças" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  // No console error at all (the toasts inject no stylesheet since they are styled from ours).
  expect(consoleErrors).toEqual([]);
});

test("all profiles: name, NIF and the five profiles; axe clean signed in; sign-out returns to the signed-out state", async ({
  page,
}) => {
  await signInFromFirstSteps(page, ACCOUNTS.all);
  await expect(page.getByText(`Tem sessão iniciada no Portal das Finanças como ${ACCOUNTS.all.name} (NIF ${ACCOUNTS.all.nif}).`)).toBeVisible();
  const profiles = page.getByRole("table", { name: `Perfis aduaneiros de ${ACCOUNTS.all.name}` });
  await expect(profiles.getByRole("row")).toHaveCount(6);
  for (const [role, description] of [
    ["ROLE_DAV", "Declaração aduaneira de veículos"],
    ["ROLE_DUE", "Declaração eletrónica de exportação"],
    ["ROLE_DUI", "Declaração eletrónica de importação"],
    ["ROLE_SDS", "Sistema de declarações sumárias"],
    ["ROLE_TRS", "Trânsito"],
  ]) {
    await expect(profiles.getByRole("row", { name: `${role} ${description}` })).toBeVisible();
  }
  await waitForPageReady(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: `Deixar de atuar como ${ACCOUNTS.all.name}` }).click();
  // RP-initiated logout at the provider, then back to the page.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Terminar a sessão/);
  await page.getByRole("button", { name: "Sim, terminar sessão" }).click();
  await expect(page).toHaveURL(new RegExp(`${FIRST_STEPS}$`));
  await expect(page.getByRole("heading", { name: "Não tem sessão iniciada" })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("areaoe_session");
});

test("some profiles: ROLE_DUI and ROLE_SDS only, and the systems they open", async ({ page }) => {
  await signInFromFirstSteps(page, ACCOUNTS.some);
  await expect(page.getByText(`como ${ACCOUNTS.some.name} (NIF ${ACCOUNTS.some.nif})`)).toBeVisible();
  const profiles = page.getByRole("table", { name: `Perfis aduaneiros de ${ACCOUNTS.some.name}` });
  await expect(profiles.getByRole("row")).toHaveCount(3);
  await expect(profiles.getByRole("row", { name: "ROLE_DUI Declaração eletrónica de importação" })).toBeVisible();
  await expect(profiles.getByRole("row", { name: "ROLE_SDS Sistema de declarações sumárias" })).toBeVisible();
  const systems = page.getByRole("table", { name: "Sistemas aduaneiros e o perfil de que cada um precisa" });
  await expect(systems.getByRole("row", { name: /STADA Importação RBV e DAIN/ })).toContainText("Sim");
  await expect(systems.getByRole("row", { name: /STADA Trânsito CAU/ })).toContainText("Não");
  await expect(systems.getByRole("row", { name: /SICEU/ })).toContainText("Não indicado");

  // The session API answers in the request's language and is never cached.
  const api = await page.request.get("/areaOE/api/session?lang=en");
  expect(api.headers()["cache-control"]).toBe("no-store");
  expect(await api.json()).toEqual({
    authenticated: true,
    signInEnabled: true,
    user: { nif: ACCOUNTS.some.nif, name: ACCOUNTS.some.name },
    profiles: [
      { role: "ROLE_DUI", description: "Electronic import declaration" },
      { role: "ROLE_SDS", description: "Summary declarations system" },
    ],
  });
});

test("no profile: 'Sem perfil' on first steps, and the permission screen on the form (pt and en)", async ({ page }) => {
  await signInFromFirstSteps(page, ACCOUNTS.none);
  await expect(page.getByText(`como ${ACCOUNTS.none.name} (NIF ${ACCOUNTS.none.nif})`)).toBeVisible();
  await expect(page.getByTestId("profiles")).toContainText("Sem perfil");
  await expect(page.getByRole("table", { name: /Perfis aduaneiros de/ })).toHaveCount(0);

  await page.goto(FORM);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Atenção!");
  await expect(page.getByText("Não tem permissões para aceder a esta operação!")).toBeVisible();
  await expect(page.getByRole("link", { name: /Pedir as permissões necessárias/ })).toHaveAttribute("href", config.links.gue);
  await waitForPageReady(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`${FORM}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Attention!");
  await expect(page.getByText("You do not have permissions to access this operation!")).toBeVisible();
  await expect(page.getByRole("link", { name: /Apply for the necessary permissions/ })).toBeVisible();
  await waitForPageReady(page);
  expect(await axeViolations(page)).toEqual([]);
});

test("the form first tells an anonymous visitor why it needs sign-in, then signs in (axe-clean login page) and comes back", async ({ page }) => {
  const response = await page.goto(`${FORM}?lang=pt`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  const explanation = page.getByTestId("sign-in-required");
  await expect(explanation.getByRole("heading", { name: "Inicie sessão para gerar o cabeçalho" })).toBeVisible();
  await expect(explanation).toContainText("credenciais do Portal das Finanças");
  await expect(explanation).toContainText("utilizador (NIF/UserID) e a senha");
  await waitForPageReady(page);
  expect(await axeViolations(page)).toEqual([]);
  await explanation.getByRole("link", { name: DEMO_SIGN_IN }).click();
  await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  expect(await axeViolations(page)).toEqual([]);

  // A wrong password keeps the visitor on the page with a linked error summary.
  await page.getByLabel("Número de identificação fiscal (NIF)").fill(ACCOUNTS.all.nif);
  await page.getByLabel("Senha").fill("wrong");
  await page.getByRole("button", { name: "Iniciar sessão" }).click();
  await expect(page.getByRole("alert")).toContainText("O número fiscal ou a senha não estão corretos.");
  expect(await axeViolations(page)).toEqual([]);

  await logInAtProvider(page, ACCOUNTS.all);
  await expect(page).toHaveURL(new RegExp(`${FORM}\\?lang=pt$`));
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Atenção!");
  await expect(page.getByTestId("sign-in-required")).toHaveCount(0);
});

test("following the home page's link to the form also goes through sign-in", async ({ page }) => {
  await page.goto("/areaOE/");
  // The home page is HTML only (no framework script): the link is a normal page load.
  await waitForPageReady(page);
  await page.locator(`a[href="${FORM}"]`).first().click();
  await page.getByTestId("sign-in-required").getByRole("link", { name: DEMO_SIGN_IN }).click();
  await logInAtProvider(page, ACCOUNTS.some);
  await expect(page).toHaveURL(new RegExp(`${FORM}$`));
});

test("an open-redirect attempt is refused: sign-in returns to the portal, not elsewhere", async ({ page }) => {
  await page.goto("/areaOE/auth/sign-in?returnTo=https://evil.example/areaOE/");
  await logInAtProvider(page, ACCOUNTS.some);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/areaOE\/$/);

  for (const target of ["//evil.example/", "/\\evil.example", "https://evil.example", "javascript:alert(1)"]) {
    const response = await page.request.get(`/areaOE/auth/signed-out?state=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/areaOE/");
  }
});

test("a tampered session cookie is treated as signed out, never as an error", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "areaoe_session", value: "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..AAAA.BBBB.CCCC", url: baseURL! }]);
  const response = await page.goto(FIRST_STEPS);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Não tem sessão iniciada" })).toBeVisible();
});

test("a callback with a wrong state gets a clear error page with a fresh sign-in action", async ({ page }) => {
  await page.goto(`/areaOE/auth/sign-in?returnTo=${encodeURIComponent(FIRST_STEPS)}`);
  await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
  const response = await page.goto("/areaOE/auth/callback?code=forged&state=forged");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("O início de sessão não foi concluído");
  await expect(page.getByRole("link", { name: "Iniciar sessão novamente" })).toHaveAttribute(
    "href",
    `/areaOE/auth/sign-in?returnTo=${encodeURIComponent(FIRST_STEPS)}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  // Without the sign-in transaction at all (cookie gone), the same page.
  const again = await page.goto("/areaOE/auth/callback?code=forged&state=forged");
  expect(again?.status()).toBe(400);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("sign-in and sign-out still work", async ({ page }) => {
    await signInFromFirstSteps(page, ACCOUNTS.some);
    await expect(page.getByText(`como ${ACCOUNTS.some.name} (NIF ${ACCOUNTS.some.nif})`)).toBeVisible();
    // Every step of the guide is readable without JavaScript.
    await expect(page.getByRole("heading", { name: /^Passo \d de 5:/ })).toHaveCount(5);
    await page.getByRole("button", { name: `Deixar de atuar como ${ACCOUNTS.some.name}` }).click();
    await page.getByRole("button", { name: "Sim, terminar sessão" }).click();
    await expect(page.getByRole("heading", { name: "Não tem sessão iniciada" })).toBeVisible();
  });
});
