import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { wrapInEnvelope, type HeaderForm } from "@areaoe/security-header";
import { generateSecurityHeader, parseAuthorityKey } from "@areaoe/security-header/node";
import type { APIRequestContext } from "@playwright/test";
import { test, expect, axeViolations, waitForHydration } from "./support/fixtures";
import { pageHref } from "../app/config/site-map";

const CHECKER = pageHref("security-header-check");
const SOAP = "/areaOE/sandbox/soap";
const USERNAME = "555555550/1";
const PASSWORD = "Senha-de-teste-ç-9";
const OASIS_WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

/** The portal's test certificate, as a developer downloads it. */
async function testCertificate(request: APIRequestContext): Promise<string> {
  const response = await request.get("/areaOE/sandbox/test-certificate.pem");
  expect(response.status()).toBe(200);
  return response.text();
}

async function envelopeFor(certificatePem: string, options: { form?: HeaderForm; now?: Date } = {}): Promise<string> {
  const header = await generateSecurityHeader({ username: USERNAME, password: PASSWORD, publicKey: parseAuthorityKey(certificatePem), ...options });
  return wrapInEnvelope(header.xml, "    <ping/>");
}

/**
 * A fresh header from the command-line tool as a visitor gets it: the one file downloaded from the
 * portal, run with plain node in a folder without node_modules.
 */
async function envelopeFromCli(request: APIRequestContext, certificatePem: string, form: HeaderForm): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "areaoe-cli-"));
  const download = await request.get("/areaOE/downloads/areaoe-security-header.mjs");
  expect(download.status()).toBe(200);
  writeFileSync(path.join(dir, "areaoe-security-header.mjs"), await download.body());
  writeFileSync(path.join(dir, "test-certificate.pem"), certificatePem);
  return execFileSync(
    process.execPath,
    ["areaoe-security-header.mjs", "--username", USERNAME, "--key", "test-certificate.pem", "--form", form, "--envelope", "--password-stdin"],
    { input: PASSWORD, cwd: dir, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] },
  );
}

test.describe("header checker page", () => {
  test("finds a wrong namespace, then a two-minute-old header, and accepts a fresh one from the CLI (pt, with JavaScript)", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const certificate = await testCertificate(request);
    await page.goto(CHECKER);
    await waitForHydration(page);
    const box = page.getByLabel("Pedido SOAP ou cabeçalho de segurança");
    const check = page.getByRole("button", { name: "Verificar cabeçalho" });

    const wrongNamespace = (await envelopeFor(certificate)).replaceAll("http://schemas.xmlsoap.org/ws/2002/12/secext", OASIS_WSSE);
    await box.fill(wrongNamespace);
    await check.click();
    const report = page.locator(".header-check__report");
    await expect(report.getByRole("heading", { level: 3 })).toHaveText(/problema/);
    await expect(report.locator(".header-check__code").first()).toHaveText("WRONG_NAMESPACE");
    await expect(report).toContainText(OASIS_WSSE);
    // The finding names the element (as the sandbox's Fault does), and the result links the catalogue.
    await expect(report.locator(".header-check__finding-title").first()).toContainText("Security está no namespace errado");
    await expect(report.getByRole("link", { name: /catálogo de falhas do cabeçalho/ })).toHaveAttribute("href", pageHref("security-header-faults"));

    // With scripts, an envelope over the limit is refused before it is sent, with the real limit. A check
    // is a plain post: the answer is a new page, whose island hydrates once the page is idle; before
    // that, the click would post it (a rehearsal failed so).
    await waitForHydration(page);
    await box.fill(`<a>${"x".repeat(513 * 1024)}</a>`);
    await check.click();
    await expect(page.getByRole("alert")).toContainText("O texto tem mais de 512 KB, o máximo que o verificador lê");

    await box.fill(await envelopeFor(certificate, { now: new Date(Date.now() - 120_000) }));
    await check.click();
    await expect(report.locator(".header-check__code").first()).toHaveText("EXPIRED");
    await expect(report).toContainText(/O cabeçalho tem 12\d segundos/);

    await box.fill(await envelopeFromCli(request, certificate, "digest"));
    await page.getByLabel("Senha usada (opcional)").fill(PASSWORD);
    await check.click();
    await expect(report.getByRole("heading", { level: 3 })).toHaveText("O cabeçalho passa todas as verificações");
    await expect(report).toContainText(USERNAME);
    await expect(report).toContainText("Com Digest");
    await expect(report).toContainText("Coincide com a senha que indicou");
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("works as a plain form without JavaScript (en), and never sends the password back", async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
    const page = await context.newPage();
    const certificate = await testCertificate(request);
    await page.goto(`${CHECKER}?lang=en`);
    await page.getByLabel("SOAP request or security header").fill(await envelopeFromCli(request, certificate, "encrypted-created"));
    await page.getByLabel("Password used (optional)").fill("not-the-password");
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Check header" }).click()]);
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain("not-the-password");
    const report = page.locator(".header-check__report");
    await expect(report.locator(".header-check__code").first()).toHaveText("PASSWORD_MISMATCH");
    await expect(page.getByLabel("Password used (optional)")).toHaveValue("");
    // The run's trace id, its header, and its decoded trace by the link (no password in it).
    const traceId = response.headers()["x-areaoe-trace-id"] ?? "";
    expect(traceId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await expect(report.locator("code", { hasText: traceId })).toHaveCount(1);
    const href = (await report.getByRole("link", { name: /Open the decoded trace/ }).getAttribute("href")) ?? "";
    // In the page's language, kept in the address (a client without cookies).
    expect(href).toBe(`/areaOE/sandbox/requests/${traceId}?lang=en`);
    const tracePage = await context.newPage();
    await tracePage.goto(href);
    await expect(tracePage.getByRole("heading", { level: 1 })).toHaveText("Trace of a security header check");
    await expect(tracePage.locator("main")).toContainText("PASSWORD_MISMATCH");
    expect(await tracePage.content()).not.toContain("not-the-password");
    await tracePage.close();

    await page.getByLabel("SOAP request or security header").fill("");
    await page.getByRole("button", { name: "Check header" }).click();
    await expect(page.getByRole("alert")).toContainText("SOAP request or security header: Mandatory");

    // Over the limit: the real one (512 KB), whether the action reads the post or it is too large to read.
    const limit = "The text is longer than 512 KB, the most the checker reads";
    await page.getByLabel("SOAP request or security header").fill(`<a>${"x".repeat(513 * 1024)}</a>`);
    await page.getByRole("button", { name: "Check header" }).click();
    await expect(page.getByRole("alert")).toContainText(limit);
    const huge = await context.request.post(`${CHECKER}?lang=en`, { form: { envelope: "x".repeat(3 * 1024 * 1024) } });
    expect(huge.status()).toBe(200);
    expect(huge.url()).toContain("?tooLarge");
    expect(await huge.text()).toContain(limit);
    await context.close();
  });

  test("offers the test certificate as PEM and DER, the same key", async ({ request }) => {
    const pem = await testCertificate(request);
    const der = await request.get("/areaOE/sandbox/test-certificate.cer");
    expect(der.headers()["content-type"]).toContain("application/pkix-cert");
    const dir = mkdtempSync(path.join(tmpdir(), "areaoe-cert-"));
    writeFileSync(path.join(dir, "c.cer"), await der.body());
    const fromDer = execFileSync("openssl", ["x509", "-inform", "DER", "-in", path.join(dir, "c.cer"), "-noout", "-fingerprint", "-sha256"], { encoding: "utf8" });
    const fromPem = execFileSync("openssl", ["x509", "-noout", "-fingerprint", "-sha256"], { input: pem, encoding: "utf8" });
    expect(fromDer).toBe(fromPem);
  });
});

test.describe("SOAP sandbox", () => {
  test("answers a Fault (HTTP 500) for a bad header and success (HTTP 200) for a good one", async ({ request }) => {
    const certificate = await testCertificate(request);
    const expired = await request.post(SOAP, {
      headers: { "Content-Type": "text/xml; charset=utf-8" },
      data: await envelopeFor(certificate, { now: new Date(Date.now() - 120_000) }),
    });
    expect(expired.status()).toBe(500);
    const fault = await expired.text();
    expect(fault).toContain("<faultcode");
    expect(fault).toContain("wsse:MessageExpired");
    expect(fault).toContain('code="EXPIRED"');

    for (const form of ["digest", "encrypted-created"] as const) {
      const good = await request.post(SOAP, { headers: { "Content-Type": "text/xml; charset=utf-8" }, data: await envelopeFromCli(request, certificate, form) });
      expect(good.status(), form).toBe(200);
      const body = await good.text();
      expect(body).toContain(`<sandbox:Username>${USERNAME}</sandbox:Username>`);
      expect(body).toContain(`<sandbox:Form>${form}</sandbox:Form>`);
    }
  });

  test("refuses what is not XML, a DTD, the wrong media type and oversized bodies, never with a crash", async ({ request }) => {
    const post = (data: string, type = "text/xml") => request.post(SOAP, { headers: { "Content-Type": type }, data });
    expect((await post("this is not xml")).status()).toBe(400);
    const xxe = '<?xml version="1.0"?><!DOCTYPE e [<!ENTITY x SYSTEM "file:///etc/passwd">]><e>&x;</e>';
    const refused = await post(xxe);
    expect(refused.status()).toBe(400);
    const text = await refused.text();
    expect(text).toContain("DTD_FORBIDDEN");
    expect(text).not.toContain("root:");
    expect((await post("<a/>", "application/json")).status()).toBe(415);
    expect((await post(`<a>${"x".repeat(513 * 1024)}</a>`)).status()).toBe(413);
    expect((await request.get(SOAP)).status()).toBe(405);
  });
});

test("GET /areaOE/api/time answers the server's clock, never cached", async ({ request }) => {
  const before = Date.now();
  const response = await request.get("/areaOE/api/time");
  expect(response.headers()["cache-control"]).toBe("no-store");
  const { now } = (await response.json()) as { now: number };
  expect(now).toBeGreaterThanOrEqual(before - 1_000);
  expect(now).toBeLessThanOrEqual(Date.now() + 1_000);
});
