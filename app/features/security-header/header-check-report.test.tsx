// @vitest-environment jsdom
// The checker page's report of a real verification: each namespace finding names its element, as the
// sandbox's Fault does (issue 48: four identical "Found (none)" lines told the developer nothing).
import { generateKeyPairSync } from "node:crypto";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { verifySecurityHeader } from "@areaoe/security-header/node";
import { craftHeader } from "@areaoe/security-header/test-support/craft-header";
import { withI18n } from "~/components/ui/test-i18n";
import { HeaderCheckKeyNotice } from "./header-check-key-notice";
import { HeaderCheckReport } from "./header-check-report";
import type { HeaderCheckOutcome } from "./header-check";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const NOW = new Date("2026-11-23T10:00:00.000Z");
afterEach(cleanup);

describe("the checker's report", () => {
  it.each(["en", "pt"] as const)("names the element of each WRONG_NAMESPACE finding (%s)", (lang) => {
    // The token's parts written without a prefix and without a default namespace: each is in no namespace.
    const xml = craftHeader({ publicKey: pair.publicKey, created: NOW.toISOString() })
      .replace(/<wss:(Username|Password|Nonce|Created)\b/g, "<$1")
      .replace(/<\/wss:(Username|Password|Nonce|Created)>/g, "</$1>");
    const result = verifySecurityHeader(xml, { privateKey: pair.privateKey, now: NOW });
    expect(result.findings.map((finding) => finding.params.element)).toEqual(["Username", "Password", "Nonce", "Created"]);
    // What the route hands the page (server/sandbox/header-check-outcome.ts): codes and params, no messages.
    const outcome = { ok: result.ok, form: result.form, username: result.username, createdAt: result.createdAt, findings: result.findings.map(({ code, severity, params }) => ({ code, severity, params: { ...params } })) };
    render(withI18n(<HeaderCheckReport outcome={outcome} passwordCompared={false} sandboxFormHref="/areaOE/form?target=sandbox" />, lang));
    const items = screen.getAllByRole("listitem").filter((item) => item.textContent?.includes("WRONG_NAMESPACE"));
    expect(items).toHaveLength(4);
    const texts = items.map((item) => item.textContent ?? "");
    expect(new Set(texts).size).toBe(4);
    for (const [index, element] of ["Username", "Password", "Nonce", "Created"].entries()) {
      const title = items[index]?.querySelector(".header-check__finding-title")?.textContent ?? "";
      expect(title).toContain(element);
      expect(texts[index]).toContain(lang === "en" ? `Found (none) on ${element}` : `Encontrado (none) em ${element}`);
    }
  });
});

const SANDBOX_FORM = "/areaOE/form?target=sandbox";
const REFUSED: HeaderCheckOutcome = {
  ok: false,
  form: "digest",
  username: "555555550/1",
  createdAt: null,
  findings: [
    { code: "NONCE_UNDECRYPTABLE", severity: "error", params: {} },
    { code: "EXPIRED", severity: "error", params: { ageSeconds: 120, skewSeconds: 60 } },
  ],
};

describe("<HeaderCheckReport>", () => {
  it("names the code in each fault-catalogue link, so no two links of a report read alike (pt and en)", () => {
    for (const [lang, phrase] of [
      ["en", "in the fault catalogue"],
      ["pt", "no catálogo de falhas"],
    ] as const) {
      render(withI18n(<HeaderCheckReport outcome={REFUSED} passwordCompared={false} sandboxFormHref={SANDBOX_FORM} />, lang));
      const links = screen.getAllByRole("link", { name: new RegExp(phrase) });
      expect(links.map((link) => link.textContent?.slice(0, link.textContent.indexOf(":")))).toEqual([`NONCE_UNDECRYPTABLE ${phrase}`, `EXPIRED ${phrase}`]);
      expect(links.map((link) => link.getAttribute("href"))).toEqual([expect.stringMatching(/#NONCE_UNDECRYPTABLE$/), expect.stringMatching(/#EXPIRED$/)]);
      expect(new Set(links.map((link) => link.textContent)).size).toBe(2);
      cleanup();
    }
  });

  it("says, under a Nonce that fits no sandbox key, how the portal's form makes its headers and links the form with the sandbox's key", () => {
    render(withI18n(<HeaderCheckReport outcome={REFUSED} passwordCompared={false} sandboxFormHref={SANDBOX_FORM} />));
    const hint = screen.getByTestId("made-with-form-hint");
    expect(hint).toHaveTextContent(/Unless you chose the sandbox's key there, the form encrypts for the authority's certificate/);
    expect(within(hint).getByRole("link", { name: "Make a header for the sandbox's current key" })).toHaveAttribute("href", SANDBOX_FORM);
    // Only there: another finding has no such hint.
    expect(screen.getAllByTestId("made-with-form-hint")).toHaveLength(1);
  });
});

describe("<HeaderCheckKeyNotice>", () => {
  it.each([
    ["form-local-key", "Made with the form's local test key, not the sandbox's", /never decrypts with the form's key/],
    ["authority-test", "Made for the authority's test certificate: the checker cannot decrypt it", /Only the authority can decrypt/],
    ["authority-production", "Made for the authority's production certificate: the checker cannot decrypt it", /Only the authority can decrypt/],
  ] as const)("names the key of a header made for %s, and offers the form with the sandbox's key", (madeFor, title, text) => {
    render(withI18n(<HeaderCheckKeyNotice madeFor={madeFor} sandboxFormHref={SANDBOX_FORM} />));
    const notice = screen.getByTestId("header-check-key-notice");
    expect(within(notice).getByRole("heading", { level: 3 })).toHaveTextContent(title);
    expect(notice).toHaveTextContent(text);
    expect(notice).toHaveTextContent("this header was not checked, and nothing of it was kept");
    expect(within(notice).getByRole("link", { name: "the generation form, with the sandbox's key chosen" })).toHaveAttribute("href", SANDBOX_FORM);
  });
});
