import { readFile } from "node:fs/promises";
import { test, expect, waitForHydration, serverPageAxeViolations } from "./support/fixtures";
import { apiPath } from "../app/config/paths";
import type { AuthorityCertificatesDocument } from "../app/features/certificate-renewal/authority-certificates";

// The authority's certificates as data: the JSON the API answers and the table the web services page
// shows from the server, on a phone, without JavaScript, in both languages. The e2e server has no
// certificate configured, so it shows the local test key (a fresh clone's portal).
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

const TEXTS = {
  pt: { caption: "Certificados de cifra da AT configurados neste portal", test: "Ambiente de testes", until: "Válido até", days: "Dias restantes", spki: "Impressão digital SHA-256 da chave pública (SPKI)", reminder: "Lembrete para o calendário (.ics)", summary: "SUMMARY;LANGUAGE=pt:Instalar o novo certificado de cifra da AT" },
  en: { caption: "The authority's encryption certificates configured in this portal", test: "Test environment", until: "Valid until", days: "Days left", spki: "SHA-256 fingerprint of the public key (SPKI)", reminder: "Calendar reminder (.ics)", summary: "SUMMARY;LANGUAGE=en:Install the authority's new encryption certificate" },
} as const;


test("GET /areaOE/api/authority-certificates answers the configured certificates as cacheable JSON", async ({ request }) => {
  const response = await request.get(apiPath("authority-certificates"));
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("public, max-age=300");
  const body = (await response.json()) as AuthorityCertificatesDocument;
  expect(body.version).toBe(1);
  expect(body.certificates.length).toBeGreaterThan(0);
  for (const certificate of body.certificates) {
    expect(certificate.sha256Fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(certificate.spkiSha256Fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(typeof certificate.daysLeft).toBe("number");
  }
});

for (const lang of ["pt", "en"] as const) {
  const texts = TEXTS[lang];
  test(`the web services page shows the same certificates in a table that fits 390 px, without JavaScript (${lang})`, async ({ page, request, browser }) => {
    const { certificates } = (await (await request.get(apiPath("authority-certificates"))).json()) as AuthorityCertificatesDocument;
    await page.goto(`/areaOE/public/webservices?lang=${lang}`);
    const table = page.getByRole("table", { name: texts.caption });
    await table.scrollIntoViewIfNeeded();
    await expect(table).toBeVisible();
    const [first] = certificates;
    expect(first?.environment).toBe("test");
    await expect(table.getByRole("columnheader", { name: texts.test })).toBeVisible();
    const row = (name: string) => table.getByRole("row", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) });
    await expect(row(texts.until)).toContainText(`${first?.notAfter?.slice(11, 16)} UTC`);
    await expect(row(texts.days)).toContainText(String(first?.daysLeft));
    await expect(row(texts.spki)).toContainText(first?.spkiSha256Fingerprint ?? "missing");
    await expect(table).toContainText(first?.sha256Fingerprint ?? "missing");

    // Nothing sticks out of the phone's screen.
    const widths = await page.evaluate(() => ({ html: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: window.innerWidth }));
    expect(Math.max(widths.html, widths.body)).toBeLessThanOrEqual(widths.viewport);
    const box = await table.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
    expect(await serverPageAxeViolations(browser, page)).toEqual([]);

    // The reminder for the expiry is the planner's .ics, about the authority's certificate.
    const [download] = await Promise.all([page.waitForEvent("download"), table.getByRole("link", { name: texts.reminder }).first().click()]);
    const ics = (await readFile((await download.path())!, "utf8")).replace(/\r\n /g, "");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain(`\r\n${texts.summary}\r\n`);
  });
}

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });
  test("a planner answer in the browser keeps the certificates table and asks the server nothing", async ({ page, consoleErrors }) => {
    await page.goto("/areaOE/public/webservices?lang=en");
    await waitForHydration(page);
    const table = page.getByRole("table", { name: TEXTS.en.caption });
    const fingerprint = await table.locator("code.authority-certificates__fingerprint").first().textContent();
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const serverAnswers: string[] = [];
    page.on("request", (request) => {
      // The page again, or its data: the browser answers the planner with the server's rules itself.
      const url = new URL(request.url());
      if (url.pathname.startsWith("/areaOE/public/webservices") || url.pathname.endsWith(".data")) serverAnswers.push(request.url());
    });
    for (const day of ["31/12/2030", "30/11/2030"]) {
      await page.getByLabel("Expiry date of the certificate").fill(day);
      await page.getByRole("button", { name: "Calculate the last day" }).click();
      await expect(page).toHaveURL(new RegExp(`validade=${day.replace(/\//g, "%2F")}`));
      await expect(table.locator("code.authority-certificates__fingerprint").first()).toHaveText(fingerprint ?? "missing");
    }
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    expect(serverAnswers).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
