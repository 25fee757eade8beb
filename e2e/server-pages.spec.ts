import { mkdirSync } from "node:fs";
import type { Page, Response } from "@playwright/test";
import { wrapInEnvelope } from "@areaoe/security-header";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import { test, expect, axeViolations } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// The pages the server writes itself (errors, sign-in problems, the demo identity provider) share one
// frame (app/render/server-page.tsx): the portal's language, skip link, header and main, styled by the
// portal's inline stylesheet, which the response's CSP allows by its nonce. Checked on a phone (390 px)
// in both languages; each page is also saved as a screenshot for a look (SERVER_PAGES_SHOTS=dir).
const SHOTS = process.env.SERVER_PAGES_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const LANGS = [
  { lang: "pt", locale: "pt-PT", skip: "Saltar para o conteúdo principal" },
  { lang: "en", locale: "en-GB", skip: "Skip to main content" },
] as const;

const ACCOUNT = { nif: "555555569", password: "demo-alguns", name: "Bruno Demo" };

/** The brand colour of the portal's header: the portal's stylesheet applied, so the policy allowed it. */
const BRAND = "rgb(11, 61, 110)";

async function expectServerPage(page: Page, response: Response | null, { lang, skip, status, h1, shot }: { lang: string; skip: string; status: number; h1: string | RegExp; shot: string }) {
  expect(response?.status(), shot).toBe(status);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  // The browser hides a nonce from the DOM: the inline stylesheet's nonce is read from the bytes sent.
  const nonce = /style-src [^;]*'nonce-([^']+)'/.exec((await response?.allHeaders())?.["content-security-policy"] ?? "")?.[1];
  expect(nonce, shot).toBeTruthy();
  expect(await response?.text(), shot).toContain(`<style nonce="${nonce}" data-href="/areaOE/assets/portal-`);
  expect(await page.locator("script").count(), shot).toBe(0);
  await expect(page.locator("header.site-header")).toHaveCSS("background-color", BRAND);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  await expect(page.locator("main#main-content")).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
  // The skip link is the first thing the keyboard reaches, and it leads to main.
  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: skip });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toHaveAttribute("href", "#main-content");
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), shot).toBeLessThanOrEqual(390);
  expect(await axeViolations(page), shot).toEqual([]);
}

/** Console errors but the browser's note that a document answered 4xx or 503 (these pages do, on purpose). */
const policyErrors = (errors: string[]) => errors.filter((error) => !/^Failed to load resource: the server responded with a status of (4\d\d|503)/.test(error));

test.use({ viewport: { width: 390, height: 844 } });

for (const { lang, locale, skip } of LANGS) {
  test.describe(`${lang}`, () => {
    test.use({ locale });

    test(`the decoded trace of a sandbox request, and an unknown trace id, in ${lang} (and without JavaScript)`, async ({ page, browser, request }) => {
      // A header sent from a script (no cookie): its trace opens from the id alone.
      const certificate = await (await request.get("/areaOE/sandbox/test-certificate.pem")).text();
      const header = await generateSecurityHeader({ username: "555555550/1", password: "Senha-de-teste-9", publicKey: parseAuthorityKey(certificate), form: "digest" });
      const answer = await request.post("/areaOE/sandbox/soap", { headers: { "Content-Type": "text/xml; charset=utf-8" }, data: wrapInEnvelope(header.xml, "<ping/>") });
      expect(answer.status()).toBe(200);
      const id = answer.headers()["x-areaoe-trace-id"] ?? "";
      expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const h1 = lang === "pt" ? "Registo de uma verificação do cabeçalho de segurança" : "Trace of a security header check";
      const response = await page.goto(`/areaOE/sandbox/requests/${id}`);
      expect(response?.headers()["x-robots-tag"]).toBe("noindex");
      expect(response?.headers()["cache-control"]).toBe("no-store");
      // The page has no script at all (expectServerPage counts them), so it is the same without JavaScript.
      await expectServerPage(page, response, { lang, skip, status: 200, h1, shot: `trace-${lang}` });
      await expect(page.locator("main")).toContainText(id);
      const missing = lang === "pt" ? "Não há registo com este identificador" : "No trace with this id";
      await expectServerPage(page, await page.goto("/areaOE/sandbox/requests/unknown-id"), { lang, skip, status: 404, h1: missing, shot: `trace-404-${lang}` });
      const noScript = await browser.newContext({ javaScriptEnabled: false, locale, viewport: { width: 390, height: 844 } });
      const plain = await noScript.newPage();
      await plain.goto(`/areaOE/sandbox/requests/${id}`);
      await expect(plain.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(plain.locator("main ol h3")).toHaveCount(10);
      await noScript.close();
    });

    test(`error pages (404 outside the portal, 400 for an undecodable address) in ${lang}`, async ({ page, consoleErrors }) => {
      const title = lang === "pt" ? "Erro" : "Error";
      await expectServerPage(page, await page.goto("/wp-login.php"), { lang, skip, status: 404, h1: `${title} 404`, shot: `error-404-${lang}` });
      await expect(page.getByRole("link", { name: "areaOE", exact: true })).toHaveAttribute("href", "/areaOE/");
      await expectServerPage(page, await page.goto("/areaOE/public/importacao?q=%E0%A4%A"), { lang, skip, status: 400, h1: `${title} 400`, shot: `error-400-${lang}` });
      expect(policyErrors(consoleErrors)).toEqual([]);
    });

    test(`the busy page (503) a client gets past its places in the render queue, in ${lang}`, async ({ page, request, consoleErrors }) => {
      // Eight renders run and sixteen wait per client (server/app.ts): sixty searches at once leave some
      // without a place. The answer is replayed to the page with its own headers (its CSP, its nonce).
      let busy: { headers: Record<string, string>; body: string } | undefined;
      for (let round = 0; round < 3 && !busy; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, n) => request.get(`/areaOE/public/pesquisa?q=busy${lang}${round}x${n}`, { headers: { "accept-language": lang } })),
        );
        const refused = answers.find((answer) => answer.status() === 503);
        if (refused) busy = { headers: refused.headers(), body: await refused.text() };
      }
      expect(busy, "a 503 among sixty simultaneous searches").toBeDefined();
      expect(busy?.headers["retry-after"]).toBe("5");
      expect(busy?.headers["cache-control"]).toBe("no-store");
      await page.route("**/areaOE/busy-replay", (route) => route.fulfill({ status: 503, headers: busy?.headers, body: busy?.body }));
      const response = await page.goto("/areaOE/busy-replay");
      await expectServerPage(page, response, { lang, skip, status: 503, h1: lang === "pt" ? "Serviço ocupado" : "Service busy", shot: `busy-${lang}` });
      await expect(page.getByRole("link", { name: lang === "pt" ? "Tentar novamente" : "Try again" })).toHaveAttribute("href", /^\/areaOE\/public\/pesquisa\?q=busy/);
      expect(policyErrors(consoleErrors)).toEqual([]);
    });

    test(`a sign-in problem page and the demo provider's login, wrong-password and error pages in ${lang}`, async ({ page, consoleErrors }) => {
      const firstSteps = pageHref("first-steps");
      await page.goto(`/areaOE/auth/sign-in?returnTo=${encodeURIComponent(firstSteps)}`);
      await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
      const loginUrl = page.url();
      await expectServerPage(page, await page.goto(loginUrl), {
        lang,
        skip,
        status: 200,
        h1: lang === "pt" ? "Iniciar sessão (demonstração local)" : "Log in (local demo)",
        shot: `dev-idp-login-${lang}`,
      });
      await expect(page.getByRole("table", { name: lang === "pt" ? "Contas de demonstração" : "Demo accounts" })).toBeVisible();

      // A wrong password: the error summary, linked to the field, in the same frame.
      const nifLabel = lang === "pt" ? "Número de identificação fiscal (NIF)" : "Tax number (NIF)";
      await page.getByLabel(nifLabel).fill(ACCOUNT.nif);
      await page.getByLabel(lang === "pt" ? "Senha" : "Password", { exact: true }).fill("wrong");
      const [posted] = await Promise.all([page.waitForResponse((answer) => answer.request().method() === "POST"), page.getByRole("button", { name: lang === "pt" ? "Iniciar sessão" : "Log in" }).click()]);
      await expect(page.getByRole("alert")).toContainText(lang === "pt" ? "O número fiscal ou a senha não estão corretos." : "The tax number or the password is not correct.");
      await expect(page.getByLabel(nifLabel)).toHaveAttribute("aria-invalid", "true");
      await expectServerPage(page, posted, { lang, skip, status: 400, h1: lang === "pt" ? "Iniciar sessão (demonstração local)" : "Log in (local demo)", shot: `dev-idp-wrong-password-${lang}` });

      // The callback with a state that is not this sign-in's: the portal's sign-in problem page.
      await expectServerPage(page, await page.goto("/areaOE/auth/callback?code=forged&state=forged"), {
        lang,
        skip,
        status: 400,
        h1: lang === "pt" ? "O início de sessão não foi concluído" : "Sign-in did not complete",
        shot: `sign-in-problem-${lang}`,
      });
      await expect(page.getByRole("link", { name: lang === "pt" ? "Iniciar sessão novamente" : "Log in again" })).toHaveAttribute(
        "href",
        `/areaOE/auth/sign-in?returnTo=${encodeURIComponent(firstSteps)}`,
      );

      // An interaction the provider does not know (an old tab): its error page, not a 500.
      await expectServerPage(page, await page.goto("/areaOE/dev-idp/interaction/no-such-interaction"), {
        lang,
        skip,
        status: 400,
        h1: lang === "pt" ? /fornecedor de identidade/i : "The identity provider could not handle this request",
        shot: `dev-idp-error-${lang}`,
      });
      expect(policyErrors(consoleErrors)).toEqual([]);
    });

    test(`the demo provider's sign-out confirmation in ${lang}`, async ({ page, consoleErrors }) => {
      const firstSteps = `${pageHref("first-steps")}?lang=${lang}`;
      await page.goto(firstSteps);
      await page.getByTestId("login-state").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
      await page.getByLabel(lang === "pt" ? "Número de identificação fiscal (NIF)" : "Tax number (NIF)").fill(ACCOUNT.nif);
      await page.getByLabel(lang === "pt" ? "Senha" : "Password", { exact: true }).fill(ACCOUNT.password);
      await page.getByRole("button", { name: lang === "pt" ? "Iniciar sessão" : "Log in" }).click();
      await expect(page).toHaveURL(new RegExp(`${pageHref("first-steps")}`));
      const [confirmation] = await Promise.all([
        page.waitForResponse((answer) => answer.url().includes("/dev-idp/") && answer.request().resourceType() === "document" && answer.status() === 200),
        page.getByRole("button", { name: lang === "pt" ? `Deixar de atuar como ${ACCOUNT.name}` : `Stop acting as ${ACCOUNT.name}` }).click(),
      ]);
      await expectServerPage(page, confirmation, {
        lang,
        skip,
        status: 200,
        h1: lang === "pt" ? /Terminar a sessão/ : "Log out of the development identity provider?",
        shot: `dev-idp-logout-${lang}`,
      });
      await page.getByRole("button", { name: lang === "pt" ? "Sim, terminar sessão" : "Yes, log out" }).click();
      await expect(page).toHaveURL(new RegExp(`${pageHref("first-steps")}`));
      expect(policyErrors(consoleErrors)).toEqual([]);
    });
  });
}
