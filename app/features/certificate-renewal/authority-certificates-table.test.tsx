// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import type { AuthorityCertificateSummary } from "./authority-certificates";
import { AuthorityCertificatesTable } from "./authority-certificates-table";

afterEach(cleanup);

const REMINDER = "/areaOE/public/webservices/lembrete-renovacao.ics";
const production: AuthorityCertificateSummary = {
  environment: "production",
  localTest: false,
  keySizeBits: 4096,
  subject: "C=PT, O=Autoridade Tributaria e Aduaneira, CN=Chave Cifra Publica AT",
  issuer: "DC=local, DC=ritta, CN=AT Issuing CA2",
  serialNumber: "370000003B631EF35004BF31B600000000003B",
  notBefore: "2025-04-15T07:38:58.000Z",
  notAfter: "2027-04-15T07:48:58.000Z",
  daysLeft: 140,
  sha256Fingerprint: "43:B4:0F:7E:82:BF:35:FE:CC:E2:A3:67:78:B7:DD:6E:B4:FF:7B:D4:1E:88:47:41:08:CB:17:31:D3:32:63:83",
  spkiSha256Fingerprint: "AA:BB",
  downloads: { pem: "/areaOE/api/authority-certificates/production.pem", der: "/areaOE/api/authority-certificates/production.cer" },
};
const { downloads: _none, ...bareKey } = production;
const expiredTest: AuthorityCertificateSummary = { ...bareKey, environment: "test", localTest: true, daysLeft: -2, spkiSha256Fingerprint: "CC:DD" };

describe("<AuthorityCertificatesTable>", () => {
  it("shows one column per environment with dates, days left, fingerprints and a reminder for each expiry (en)", () => {
    render(withI18n(<AuthorityCertificatesTable certificates={[production, expiredTest]} reminderHref={REMINDER} />, "en"));
    const table = screen.getByRole("table", { name: "The authority's encryption certificates configured in this portal" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Field", "Production environment", "Test environment"]);
    const row = (name: string) => within(table).getByRole("row", { name: new RegExp(`^${name}`) });
    expect(row("Valid until")).toHaveTextContent("15 April 2027, 07:48 UTC");
    expect(row("Days left")).toHaveTextContent("140 days");
    expect(row("Days left")).toHaveTextContent("Expired");
    expect(row("SHA-256 fingerprint of the certificate")).toHaveTextContent(production.sha256Fingerprint ?? "");
    expect(row("SHA-256 fingerprint of the public key")).toHaveTextContent("AA:BB");
    // The expired certificate gets no reminder; the valid one links the planner's .ics for the authority.
    const links = within(row("Reminder")).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([`${REMINDER}?validade=2027-04-15&lang=en&certificado=autoridade`]);
    expect(row("Reminder")).toHaveTextContent("None: the certificate has expired");
    expect(screen.getByText(/Local test key of this portal/)).toBeInTheDocument();
    // Beside the fingerprints: the certificate as files (none where there is nothing to download).
    const downloads = within(row("Download the certificate")).getAllByRole("link");
    expect(downloads.map((link) => [link.textContent, link.getAttribute("href"), link.hasAttribute("download")])).toEqual([
      ["PEM (.pem)", "/areaOE/api/authority-certificates/production.pem", true],
      ["DER (.cer)", "/areaOE/api/authority-certificates/production.cer", true],
    ]);
  });

  it("says so when nothing is configured, and speaks Portuguese (pt)", () => {
    render(withI18n(<AuthorityCertificatesTable certificates={[]} reminderHref={REMINDER} />, "pt"));
    expect(screen.getByText("Não está configurado neste portal nenhum certificado da AT.")).toBeInTheDocument();
    cleanup();
    render(withI18n(<AuthorityCertificatesTable certificates={[{ ...production, daysLeft: 1 }]} reminderHref={REMINDER} />, "pt"));
    expect(screen.getByRole("row", { name: /^Válido até/ })).toHaveTextContent("15 de abril de 2027, 07:48 UTC");
    expect(screen.getByRole("row", { name: /^Dias restantes/ })).toHaveTextContent("1 dia");
  });
});
