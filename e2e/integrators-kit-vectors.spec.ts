import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { FINDING_CODES } from "@areaoe/security-header/node";
import { test, expect, serverPageAxeViolations } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

// The integrators' kit, parts 1 and 3: the test vectors page and the fault catalogue, as a visitor on a
// phone without JavaScript sees them, in both languages; and the links from the checker and the
// sandbox to the catalogue's entries.

const VECTORS_PAGE = pageHref("security-header-vectors");
const FAULTS_PAGE = pageHref("security-header-faults");
const CHECKER = pageHref("security-header-check");
const VECTORS = JSON.parse(readFileSync("packages/security-header/test-vectors/security-header-test-vectors.json", "utf8")) as {
  negative: { name: string; envelope: string; finding: string }[];
};
const SOAP12_VECTOR = VECTORS.negative.find((vector) => vector.name === "soap-1.2-envelope");

const LANGS = [
  { lang: "pt", locale: "pt-PT", vectorsTitle: "Vetores de teste do cabeçalho de segurança", faultsTitle: "Catálogo de falhas do cabeçalho de segurança",
    envelope: "Pedido SOAP ou cabeçalho de segurança", check: "Verificar cabeçalho" },
  { lang: "en", locale: "en-GB", vectorsTitle: "Security header test vectors", faultsTitle: "Security header fault catalogue",
    envelope: "SOAP request or security header", check: "Check header" },
] as const;

async function phoneWithoutScript(browser: Browser, locale: string) {
  return browser.newContext({ javaScriptEnabled: false, locale, viewport: { width: 390, height: 844 } });
}


for (const { lang, locale, vectorsTitle, faultsTitle, envelope, check } of LANGS) {
  test.describe(`integrators' kit, ${lang}, 390 px, without JavaScript`, () => {
    test("the test vectors page shows the download's real SHA-256 and warns that the key is public", async ({ browser, request }) => {
      const context = await phoneWithoutScript(browser, locale);
      const page = await context.newPage();
      await page.goto(VECTORS_PAGE);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(vectorsTitle);
      await expect(page.locator(".callout").first()).toContainText(lang === "pt" ? "nunca confie" : "never trust");

      const facts = page.getByTestId("download-security-header-test-vectors");
      const link = facts.getByRole("link");
      const href = await link.getAttribute("href");
      expect(href).toBe("/areaOE/downloads/security-header-test-vectors.json");
      const download = await request.get(href ?? "");
      expect(download.status()).toBe(200);
      const body = await download.body();
      expect(body.equals(readFileSync("packages/security-header/test-vectors/security-header-test-vectors.json"))).toBe(true);
      await expect(facts.locator(".download-facts__digest")).toHaveText(createHash("sha256").update(body).digest("hex"));

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await serverPageAxeViolations(browser, page, locale)).toEqual([]);
      await context.close();
    });

    test("the fault catalogue has an entry, anchored by its code, for every finding, and serves the same data as JSON", async ({ browser, request }) => {
      const context = await phoneWithoutScript(browser, locale);
      const page = await context.newPage();
      await page.goto(FAULTS_PAGE);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(faultsTitle);
      for (const code of [...FINDING_CODES, "SANDBOX_SWITCHED_OFF", "AT-Client.Authentication-16"]) {
        await expect(page.locator(`[id="${code}"]`)).toHaveCount(1);
      }
      const facts = page.getByTestId("download-security-header-faults");
      const download = await request.get((await facts.getByRole("link").getAttribute("href")) ?? "");
      expect(download.status()).toBe(200);
      const body = await download.body();
      await expect(facts.locator(".download-facts__digest")).toHaveText(createHash("sha256").update(body).digest("hex"));
      expect((JSON.parse(body.toString("utf8")) as { entries: { code: string }[] }).entries.map((entry) => entry.code)).toEqual(
        expect.arrayContaining([...FINDING_CODES]),
      );

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await serverPageAxeViolations(browser, page, locale)).toEqual([]);
      await context.close();
    });

    test("every finding of the checker's report links to its catalogue entry", async ({ browser }) => {
      const context = await phoneWithoutScript(browser, locale);
      const page = await context.newPage();
      await page.goto(CHECKER);
      await page.getByLabel(envelope).fill(SOAP12_VECTOR?.envelope ?? "");
      await page.getByRole("button", { name: check, exact: true }).click();
      const findings = page.locator(".header-check__finding");
      await expect(findings.first()).toBeVisible();
      const codes = await findings.locator(".header-check__code").allTextContents();
      expect(codes).toContain("SOAP_VERSION_MISMATCH");
      for (const [index, code] of codes.entries()) {
        await expect(findings.nth(index).locator(`a[href="${FAULTS_PAGE}#${code}"]`)).toHaveCount(1);
      }
      await findings.first().locator(`a[href^="${FAULTS_PAGE}#"]`).click();
      await expect(page).toHaveURL(new RegExp(`${FAULTS_PAGE}#${codes[0]}$`));
      await expect(page.locator(`[id="${codes[0]}"]`)).toBeVisible();
      await context.close();
    });
  });
}

test("every Finding in a sandbox Fault's detail links to its catalogue entry", async ({ request, baseURL }) => {
  const response = await request.post("/areaOE/sandbox/soap", {
    headers: { "Content-Type": "text/xml; charset=utf-8" },
    data: SOAP12_VECTOR?.envelope ?? "",
  });
  expect(response.status()).toBe(500);
  const xml = await response.text();
  expect(xml).toContain("<faultcode xmlns:wsse=\"http://schemas.xmlsoap.org/ws/2002/12/secext\">soapenv:VersionMismatch</faultcode>");
  // The link is the `catalogue` attribute (an `href` made PHP's SoapClient take it for a SOAP-encoding
  // reference), the catalogue's address in the answer's language; a Fault's Finding is typed (xsi:type)
  // so that stock clients decode its detail with the WSDL's schema.
  const findings = [...xml.matchAll(/<sandbox:Finding(?: xsi:type="[^"]*")? code="([A-Z_]+)"( catalogue="([^"]+)")?/g)];
  expect(findings.length).toBeGreaterThan(0);
  const catalogue = `${baseURL}${FAULTS_PAGE}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const [, code, , address] of findings) expect(address).toMatch(new RegExp(`^${catalogue}(\\?lang=(pt|en))?#${code}$`));
});
