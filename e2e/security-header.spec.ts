import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { wrapInEnvelope } from "@areaoe/security-header";
import { verifySecurityHeader } from "@areaoe/security-header/node";
import { test, expect, axeViolations, waitForHydration, waitForPageReady } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

const FORM = pageHref("security-header-form");
const OVERVIEW = pageHref("security-header");
const CONFIG = pageHref("security-header-config");
// The demo account with all five profiles (docs/sign-in.md; fictitious).
const ACCOUNT = { nif: "555555550", password: "demo-todos" };
// The header password under test: distinctive, with non-ASCII, so any leak is easy to spot.
const HEADER_PASSWORD = "Cabeçalho-Segredo-7xQ!";
// The server under test runs from the repository root and, with no certificate configured, makes
// the local test key pair there on first start.
const PRIVATE_KEY = path.resolve(".local/test-authority/private-key.pem");

/** Every request the page makes (URL, body, headers), to prove the password is in none of them. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

/**
 * The requests that carry the secret in any usual spelling. `acrossPages`: requests of documents since
 * left, whose full headers Chromium no longer gives (`allHeaders` waits for them): their own headers then.
 */
async function leaksOf(requests: Request[], secret: string, { acrossPages = false } = {}): Promise<string[]> {
  const forms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString("base64"), JSON.stringify(secret).slice(1, -1)];
  const leaks: string[] = [];
  for (const request of requests) {
    const headers = JSON.stringify(acrossPages ? request.headers() : await request.allHeaders());
    const body = request.postDataBuffer()?.toString("latin1") ?? "";
    const bodyUtf8 = request.postDataBuffer()?.toString("utf8") ?? "";
    for (const form of forms) {
      if ([request.url(), headers, body, bodyUtf8].some((part) => part.includes(form))) leaks.push(`${request.method()} ${request.url()}`);
    }
  }
  return leaks;
}

async function signInToForm(page: Page, query = "") {
  await page.goto(`${FORM}${query}`);
  // A signed-out visitor first reads why the form needs sign-in (e2e/session.spec.ts covers the page).
  await page
    .getByTestId("sign-in-required")
    .getByRole("link", { name: /^(Iniciar sessão no fornecedor de identidade de demonstração|Log in at the demo identity provider) \(/ })
    .click();
  await expect(page).toHaveURL(/\/areaOE\/dev-idp\/interaction\//);
  // The demo provider's login page (its language follows the portal's; e2e/session.spec.ts covers it).
  await page.locator("#nif").fill(ACCOUNT.nif);
  await page.locator("#password").fill(ACCOUNT.password);
  await page.locator("#password").press("Enter");
  await expect(page).toHaveURL(new RegExp(`${FORM}`));
}

/**
 * Decrypts a header with the local test private key (openssl for RSA, node:crypto for AES), written to
 * the authority's sample: in the `digest` form Created is in clear and the Digest is checked; in the
 * `encrypted-created` form there is no Digest and Created is decrypted.
 */
function decryptHeader(xml: string) {
  const field = (pattern: RegExp) => pattern.exec(xml)?.[1] ?? "";
  const nonce = Buffer.from(field(/<wss:Nonce>([^<]+)<\/wss:Nonce>/), "base64");
  const sessionKey = execFileSync("openssl", ["pkeyutl", "-decrypt", "-inkey", PRIVATE_KEY, "-pkeyopt", "rsa_padding_mode:pkcs1"], { input: nonce });
  const aesDecrypt = (base64: string) => {
    const decipher = createDecipheriv("aes-128-ecb", sessionKey, null);
    return Buffer.concat([decipher.update(Buffer.from(base64, "base64")), decipher.final()]);
  };
  const digest = field(/<wss:Password Digest="([^"]+)">/);
  const password = aesDecrypt(field(/<wss:Password(?: Digest="[^"]+")?>([^<]+)<\/wss:Password>/)).toString("utf8");
  const createdField = field(/<wss:Created>([^<]+)<\/wss:Created>/);
  const form = digest ? "digest" : "encrypted-created";
  const created = form === "digest" ? createdField : aesDecrypt(createdField).toString("utf8");
  const sha1 = createHash("sha1").update(Buffer.concat([sessionKey, Buffer.from(created, "utf8"), Buffer.from(password, "utf8")])).digest();
  const cipher = createCipheriv("aes-128-ecb", sessionKey, null);
  const expectedDigest = Buffer.concat([cipher.update(sha1), cipher.final()]).toString("base64");
  return { form, sessionKeyBytes: sessionKey.length, password, created, digestMatches: digest === expectedDigest };
}

test("signed in: generate, check the header decrypts with the test key, copy, count down to expiry; the password is in no request", async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const requests = recordRequests(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.install();
  await signInToForm(page);
  await waitForHydration(page);

  const username = page.getByRole("textbox", { name: "Utilizador (NIF/UserID)" });
  const password = page.getByLabel("Senha");
  await expect(username).toHaveValue(`${ACCOUNT.nif}/`);
  await expect(page.getByText(/Os cabeçalhos gerados com ele servem só para testes locais: a autoridade não os aceita\./)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Empty fields: 'Obrigatório' on each, and the summary that links to them.
  await username.fill("");
  await page.getByRole("button", { name: "Gerar cabeçalho" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Por favor, corrija os erros nos campos." });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText(["Utilizador (NIF/UserID): Obrigatório", "Senha: Obrigatório"]);
  await expect(page.locator("#security-header-username-error")).toContainText("Obrigatório");
  expect(await axeViolations(page)).toEqual([]);
  await summary.getByRole("link", { name: "Senha: Obrigatório" }).click();
  await expect(password).toBeFocused();

  // A valid username and password: the header, computed in the page.
  await username.fill(`${ACCOUNT.nif}/1`);
  await password.fill(HEADER_PASSWORD);
  await page.getByRole("button", { name: "Gerar cabeçalho" }).click();
  await expect(page.getByRole("heading", { name: "O seu cabeçalho de segurança" })).toBeFocused();
  const result = page.getByRole("textbox", { name: "Cabeçalho de segurança (só de leitura)" });
  const xml = await result.inputValue();
  expect(xml).toContain(`<wss:Username>${ACCOUNT.nif}/1</wss:Username>`);
  expect(xml).not.toContain(HEADER_PASSWORD);
  expect(await page.content()).not.toContain(HEADER_PASSWORD);
  const decrypted = decryptHeader(xml);
  // The default form: the authority's sample (Digest, Created in clear).
  expect(decrypted).toMatchObject({ form: "digest", sessionKeyBytes: 16, password: HEADER_PASSWORD, digestMatches: true });
  expect(decrypted.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  await expect(page.getByTestId("header-validity")).toContainText(/Válido durante mais (60|59|58) segundos/);
  expect(await axeViolations(page)).toEqual([]);

  // Copy: the toast, and the clipboard holds the header.
  await page.getByRole("button", { name: "Copiar cabeçalho" }).click();
  await expect(page.getByText("Cabeçalho copiado para a área de transferência.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(xml);

  // The minute runs out: the expired state, then a new header with the password still in its field.
  // Real time has passed while the page was checked (more of it on a loaded machine): stop the page's
  // clock and read what is left, so the 30-second announcement is checked to the second.
  // (a second ahead: pauseAt refuses a time the page has already passed)
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const validity = page.getByTestId("header-validity");
  // The last tick's render may still be on its way: read once the text has settled.
  let left = Number.NaN;
  await expect
    .poll(async () => {
      const before = left;
      left = Number(/(\d+) segundos/.exec(await validity.innerText())?.[1]);
      return left === before;
    })
    .toBe(true);
  expect(left).toBeGreaterThan(30);
  await page.clock.fastForward((left - 30) * 1000);
  await expect(page.getByTestId("security-header-announcement")).toHaveText("O cabeçalho é válido durante mais 30 segundos.");
  await page.clock.fastForward(31_000);
  await expect(page.getByTestId("header-validity")).toHaveText("Este cabeçalho expirou: gere-o novamente.");
  await expect(page.getByRole("button", { name: "Copiar cabeçalho" })).toHaveCount(0);
  await page.clock.resume(); // time runs again (axe and the menu below wait on timers)
  await page.getByRole("button", { name: "Gerar novamente" }).click();
  await expect(page.getByTestId("header-validity")).toContainText("Válido durante mais");
  const second = await result.inputValue();
  expect(second).not.toBe(xml);
  expect(decryptHeader(second).password).toBe(HEADER_PASSWORD);

  // More options (the kit's dropdown menu, by keyboard): the header on one line. After the
  // countdown checks, so its extra seconds cannot shift them.
  await page.getByRole("button", { name: "Mais opções" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("menuitem", { name: "Copiar numa só linha" }).click();
  const oneLine = await page.evaluate(() => navigator.clipboard.readText());
  expect(oneLine).not.toContain("\n");
  expect(oneLine.replace(/></g, ">\n<")).toContain("<wss:Nonce>");
  expect(oneLine).toBe(second.replace(/>\s+</g, "><").trim());

  // The crypto code came as its own chunk, only now; and the password went nowhere.
  expect(requests.some((request) => /\/assets\/islands\/generate-header-[\w-]+\.js$/.test(request.url()))).toBe(true);
  expect(await leaksOf(requests, HEADER_PASSWORD)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("in English: 'Mandatory', the summary, and a specific username message; the NIF warning is a warning", async ({ page }) => {
  const requests = recordRequests(page);
  await signInToForm(page, "?lang=en");
  await waitForHydration(page);
  const username = page.getByRole("textbox", { name: "Username (NIF/UserID)" });
  await page.getByRole("button", { name: "Generate header" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Please, correct the errors in the fields." });
  await expect(summary.getByRole("link")).toHaveText(["Password: Mandatory"]);
  await page.getByLabel("Password").fill(HEADER_PASSWORD);
  await username.fill("12345678/1");
  await page.getByRole("button", { name: "Generate header" }).click();
  await expect(summary.getByRole("link", { name: "Username (NIF/UserID): The NIF before the slash must have exactly 9 digits" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await username.fill("555555555/1");
  await page.getByRole("button", { name: "Generate header" }).click();
  await expect(page.getByText(/The NIF 555555555 does not pass the check-digit test/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Security header (read only)" })).toHaveValue(/555555555\/1/);
  await expect(summary).toHaveCount(0);
  expect(await leaksOf(requests, HEADER_PASSWORD)).toEqual([]);
});

for (const [lang, heading, alt, caption] of [
  ["pt", "Algoritmos", "Uma chave AES-128 nova", "Como os campos do cabeçalho são calculados"],
  ["en", "Algorithms", "A new AES-128 key", "How the fields of the header are computed"],
] as const) {
  test(`the guide pages (${lang}) read well, show the diagram in the preview dialog, and load no crypto code`, async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto(`${OVERVIEW}?lang=${lang}`);
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(page.getByText("http://schemas.xmlsoap.org/ws/2002/12/secext").first()).toBeVisible();
    // A page of text (not hydrated): the thumbnail is a link to the image that opens the native dialog.
    await waitForPageReady(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: new RegExp(alt) }).click();
    const dialog = page.getByRole("dialog", { name: caption });
    await expect(dialog.locator(`img[src="/areaOE/diagrams/security-header-flow-${lang}.svg"]`)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto(`${CONFIG}?lang=${lang}`);
    await expect(page.getByText("node areaoe-security-header.mjs --help")).toBeVisible();
    await waitForPageReady(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(requests.filter((request) => /generate-header/.test(request.url()))).toEqual([]);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the form page explains that the header is computed in the browser and points to the command-line tool", async ({ page }) => {
    await signInToForm(page);
    await expect(page.getByText(/Este formulário precisa de JavaScript/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Configuração do cabeçalho de segurança e ferramenta de linha de comandos" })).toHaveAttribute(
      "href",
      CONFIG,
    );
    // Nothing can be typed or sent: a native submit would put the password in the URL.
    await expect(page.getByRole("button", { name: "Gerar cabeçalho" })).toBeDisabled();
    await expect(page.getByLabel("Senha")).toBeDisabled();
  });
});

// The sandbox has its own key pair, never the form's test key (visitors type real passwords into that form): the portal's verifier checks
// the form's headers here, with the form's local test key, as the authority would with its own.
const verifyWithFormKey = (xml: string) =>
  verifySecurityHeader(wrapInEnvelope(xml), { privateKey: readFileSync(PRIVATE_KEY, "utf8"), password: HEADER_PASSWORD });

test("the other form: no Digest and Created encrypted, accepted by the verifier", async ({ page }) => {
  await signInToForm(page);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Utilizador (NIF/UserID)" }).fill(`${ACCOUNT.nif}/1`);
  await page.getByLabel("Senha").fill(HEADER_PASSWORD);
  await expect(page.getByRole("radio", { name: "Com Digest (o exemplo da Autoridade)" })).toBeChecked();
  await page.getByRole("radio", { name: "Com Created cifrado" }).check();
  await page.getByRole("button", { name: "Gerar cabeçalho" }).click();
  const xml = await page.getByRole("textbox", { name: "Cabeçalho de segurança (só de leitura)" }).inputValue();
  expect(xml).not.toContain("Digest=");
  expect(decryptHeader(xml)).toMatchObject({ form: "encrypted-created", password: HEADER_PASSWORD });
  expect(verifyWithFormKey(xml)).toMatchObject({ ok: true, form: "encrypted-created", findings: [] });
});

test("a device clock 90 s behind: the form says so and Created comes from the portal's clock", async ({ page }) => {
  const deviceOffsetMs = -90_000;
  await page.clock.install({ time: Date.now() + deviceOffsetMs });
  await signInToForm(page);
  await waitForHydration(page);
  await expect(page.getByTestId("clock-notice")).toHaveText(
    "O relógio do seu dispositivo está 90 segundos atrasado; o cabeçalho usa a hora corrigida.",
  );
  await page.getByRole("textbox", { name: "Utilizador (NIF/UserID)" }).fill(`${ACCOUNT.nif}/1`);
  await page.getByLabel("Senha").fill(HEADER_PASSWORD);
  await page.getByRole("button", { name: "Gerar cabeçalho" }).click();
  const xml = await page.getByRole("textbox", { name: "Cabeçalho de segurança (só de leitura)" }).inputValue();
  const { created, digestMatches } = decryptHeader(xml);
  expect(digestMatches).toBe(true);
  expect(Math.abs(Date.parse(created) - Date.now())).toBeLessThan(10_000);
  // The countdown runs on the corrected clock too: a full minute, not 'expired'.
  await expect(page.getByTestId("header-validity")).toContainText(/Válido durante mais (60|59|58|57|56|55) segundos/);
  expect(verifyWithFormKey(xml)).toMatchObject({ ok: true, form: "digest", findings: [] });
});

test("the form and the checker agree (390 px): the local key's header is named, not checked; one for the sandbox's key passes; the password is in no request", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const requests = recordRequests(page);
  await signInToForm(page);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Utilizador (NIF/UserID)" }).fill(`${ACCOUNT.nif}/1`);
  await page.getByLabel("Senha").fill(HEADER_PASSWORD);
  await page.getByRole("button", { name: "Gerar cabeçalho" }).click();
  const header = await page.getByRole("textbox", { name: "Cabeçalho de segurança (só de leitura)" }).inputValue();

  // "Check this header": a plain post of the header to the checker, which names the key and checks nothing.
  await page.getByRole("button", { name: "Verificar este cabeçalho" }).click();
  await expect(page).toHaveURL(pageHref("security-header-check"));
  const notice = page.getByTestId("header-check-key-notice");
  await expect(notice.getByRole("heading", { level: 3 })).toHaveText("Feito com a chave de teste local do formulário, não com a do sandbox");
  await expect(notice).toContainText("nunca decifra com a chave do formulário");
  await expect(page.getByLabel("Pedido SOAP ou cabeçalho de segurança")).toHaveValue(header);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Its offer: the form with the sandbox's current key chosen, and a test password in a field of its own.
  await notice.getByRole("link", { name: "o formulário de geração, com a chave do sandbox escolhida" }).click();
  await expect(page).toHaveURL(`${FORM}?target=sandbox`);
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: /^Sandbox do portal/ })).toBeChecked();
  await expect(page.getByText("Chave de teste do sandbox: só para o verificador do portal")).toBeVisible();
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await page.getByRole("textbox", { name: "Utilizador (NIF/UserID)" }).fill(`${ACCOUNT.nif}/1`);
  await page.getByRole("textbox", { name: "Senha de teste (não a sua senha real)" }).fill("senha-de-teste");
  await page.getByRole("button", { name: "Gerar cabeçalho" }).click();
  await page.getByRole("button", { name: "Verificar este cabeçalho" }).click();
  await expect(page).toHaveURL(pageHref("security-header-check"));
  const report = page.locator(".header-check__report");
  await expect(report.getByRole("heading", { level: 3 })).toHaveText("O cabeçalho passa todas as verificações");
  await expect(report).toContainText(`${ACCOUNT.nif}/1`);
  expect(await axeViolations(page)).toEqual([]);

  // The real password went nowhere, not even encrypted for a key the portal holds: the posts carried headers only.
  expect(await leaksOf(requests, HEADER_PASSWORD, { acrossPages: true })).toEqual([]);
  const posts = requests.filter((request) => request.method() === "POST" && request.url().endsWith(pageHref("security-header-check")));
  expect(posts.map((request) => [...new URLSearchParams(request.postData() ?? "").keys()])).toEqual([
    ["envelope", "madeFor"],
    ["envelope", "madeFor"],
  ]);
  expect(consoleErrors).toEqual([]);
});
