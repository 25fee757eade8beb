// @vitest-environment jsdom
// The checker page's report of a real verification: each namespace finding names its element, as the
// sandbox's Fault does (issue 48: four identical "Found (none)" lines told the developer nothing).
import { generateKeyPairSync } from "node:crypto";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { verifySecurityHeader } from "@areaoe/security-header/node";
import { craftHeader } from "@areaoe/security-header/test-support/craft-header";
import { withI18n } from "~/components/ui/test-i18n";
import { HeaderCheckReport } from "./header-check-report";

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
    render(withI18n(<HeaderCheckReport outcome={outcome} passwordCompared={false} />, lang));
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
