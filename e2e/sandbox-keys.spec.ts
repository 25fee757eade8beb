import type { Page } from "@playwright/test";
import { test, expect, axeViolations } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// An integrator's own sandbox key, as a developer makes and uses one (issue 48), in Debian's Chromium
// with JavaScript off (the keys page is plain forms): signed out, the page says why it needs sign-in;
// signed in with the demo provider, a key is made (shown once), used by a script against the SOAP
// sandbox (its request then listed on the page, newest first, filtered by verdict, its trace opening for
// the signed-in owner), set strict, revoked; at 390 px wide, axe clean (axe needs the page's JavaScript
// on: the keys page ships none, so its forms are what a visitor without it uses), in pt and en. The
// English page asked with ?lang=en keeps the language in its links, for a client without cookies.

const KEYS = pageHref("security-header-sandbox-keys");
const DEMO_SIGN_IN = "Iniciar sessão no fornecedor de demonstração para gerir as suas chaves";

async function logInAtProvider(page: Page) {
  await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
  await page.getByLabel("Número de identificação fiscal (NIF)").fill("555555550");
  await page.getByLabel("Senha").fill("demo-todos");
  await page.getByRole("button", { name: "Iniciar sessão" }).click();
}

test.use({ viewport: { width: 390, height: 844 } });

test("a developer's own sandbox key: signed out, then made, used, listed, strict, revoked; axe clean", async ({ page, request, baseURL }) => {
  const signedOut = await page.goto(KEYS);
  expect(signedOut?.headers()["cache-control"]).toContain("no-store");
  const manager = page.getByTestId("sandbox-keys-manager");
  // A page of plain forms: no script of any kind.
  await expect(page.locator("script:not([type='application/ld+json']):not([type='speculationrules'])")).toHaveCount(0);
  await expect(manager.getByRole("heading", { name: "As suas chaves do sandbox" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await manager.getByRole("link", { name: DEMO_SIGN_IN }).click();
  await logInAtProvider(page);
  await expect(page).toHaveURL(new RegExp(`${KEYS}$`));
  await expect(page.getByRole("heading", { name: "As suas chaves: 0 de 5" })).toBeVisible();

  // Make a key: shown once, in this answer only.
  await page.getByLabel("Nome").fill("CI do escritório");
  await page.getByRole("button", { name: "Criar a chave" }).click();
  const shown = (await page.getByTestId("sandbox-api-key").textContent()) ?? "";
  expect(shown).toMatch(/^aoe_sbx_[A-Za-z0-9_-]{43}$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(KEYS);
  await expect(page.getByTestId("sandbox-api-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(shown);

  // A script uses it: a request that is not XML is refused and listed with the key (401 without it is another test's).
  const soap = await request.post(`${baseURL}/areaOE/sandbox/soap`, { headers: { "Content-Type": "text/xml", Authorization: `Bearer ${shown}` }, data: "<not xml" });
  expect(soap.status()).toBe(400);
  expect(soap.headers()["ratelimit-policy"]).toMatch(/^"sandbox-key"; q=600;/);
  const traceId = soap.headers()["x-areaoe-trace-id"] ?? "";
  await page.goto(KEYS);
  const table = page.getByRole("region", { name: "Pedidos feitos com CI do escritório" }).getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell", { name: "NOT_XML" })).toBeVisible();
  // Filtered by verdict: none accepted.
  await page.getByLabel("Resultado").selectOption("accepted");
  await page.getByRole("button", { name: "Mostrar os pedidos" }).click();
  await expect(page.getByText("Nenhum pedido feito com esta chave está guardado (com este filtro).")).toBeVisible();
  // The owner opens the key's trace in the browser, signed in; the key itself would too; anyone else cannot.
  await page.goto(`/areaOE/sandbox/requests/${traceId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Registo de uma verificação do cabeçalho de segurança" })).toBeVisible();
  const stranger = await fetch(`${baseURL}/areaOE/sandbox/requests/${traceId}`, { headers: { Accept: "application/json" } });
  expect(stranger.status).toBe(404);

  // Strict mode on, then revoked: the sandbox then refuses the key.
  await page.goto(KEYS);
  await page.getByRole("button", { name: "Ligar o modo estrito de CI do escritório" }).click();
  await expect(page.getByText("A definição da chave foi alterada.")).toBeVisible();
  await page.getByRole("button", { name: "Revogar CI do escritório" }).click();
  await expect(page.getByText("A chave foi revogada: o sandbox recusa-a a partir de agora (401).")).toBeVisible();
  const revoked = await request.post(`${baseURL}/areaOE/sandbox/soap`, { headers: { "Content-Type": "text/xml", Authorization: `Bearer ${shown}` }, data: "<not xml" });
  expect(revoked.status()).toBe(401);
  expect(await revoked.text()).toContain('code="SANDBOX_KEY_UNKNOWN"');
});

test("the English page asked with ?lang=en keeps the language in its links (no cookie sent back)", async ({ page }) => {
  await page.context().clearCookies();
  await page.goto(`${KEYS}?lang=en`);
  await expect(page.getByRole("heading", { level: 1, name: "Your sandbox keys" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // A client that keeps no cookie: the breadcrumbs, the header and the content's links to pages keep ?lang=en.
  await page.context().clearCookies();
  const hrefs = await page.locator("main a[href^='/areaOE/public/'], .breadcrumbs a, header a.site-header__brand").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) expect(href, href).toMatch(/[?&]lang=en(#|$)/);
  await page.locator(".breadcrumbs a").last().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("past the checker page's quota, the page itself says so and keeps the pasted envelope (429, Retry-After)", async ({ page, request, baseURL }) => {
  const CHECK = pageHref("security-header-check");
  // A client of its own (loopback is a trusted proxy): this test's quota is no other test's.
  const client = { "X-Forwarded-For": "203.0.113.148" };
  for (let post = 0; post < 30; post += 1) {
    const answer = await request.post(`${baseURL}${CHECK}`, { headers: client, form: { envelope: "<not-xml" } });
    expect(answer.status()).toBe(200);
  }
  await page.setExtraHTTPHeaders(client);
  await page.goto(CHECK);
  const envelope = "<soapenv:Envelope><!-- the request I pasted --></soapenv:Envelope>";
  await page.getByLabel("Pedido SOAP ou cabeçalho de segurança").fill(envelope);
  const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), page.getByRole("button", { name: "Verificar cabeçalho" }).click()]);
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toContainText("Fez 30 verificações neste minuto");
  await expect(page.getByLabel("Pedido SOAP ou cabeçalho de segurança")).toHaveValue(envelope);
  expect(await axeViolations(page)).toEqual([]);
});
