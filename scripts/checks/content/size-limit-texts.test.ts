import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_VERIFY_INPUT_BYTES } from "@areaoe/security-header";
import { faultCatalogue } from "../../../app/features/fault-catalogue/fault-catalogue-data";
import { LANGUAGES } from "../../../app/i18n/languages";
import { serverT } from "../../../app/server-surface";

// The size of a checked request is stated once (MAX_VERIFY_INPUT_BYTES): the texts that quote it in
// words (the catalogue, the checker page's content) must quote that number, and the texts made at run
// time take it as a parameter.
const LIMIT = `${MAX_VERIFY_INPUT_BYTES / 1024} KB`;
const sizes = (text: string) => [...text.matchAll(/(\d+)\s?KB/g)].map((match) => `${match[1]} KB`);

describe("the size limit of a checked request, quoted wherever it is stated", () => {
  it.each(["NOT_XML", "TOO_LARGE"])("the fault catalogue's %s entry quotes the real limit", (code) => {
    const entry = faultCatalogue.entries.find((candidate) => candidate.code === code);
    const text = JSON.stringify(entry);
    expect(sizes(text).length).toBeGreaterThan(0);
    expect(new Set(sizes(text))).toEqual(new Set([LIMIT]));
  });

  it.each(LANGUAGES)("the checker page's content (%s) quotes the real limit", (lang) => {
    const text = readFileSync(`content/${lang}/security-header-check.mdx`, "utf8");
    expect(sizes(text).length).toBeGreaterThan(0);
    expect(new Set(sizes(text))).toEqual(new Set([LIMIT]));
  });

  it.each(LANGUAGES)("the checker form's hint, its refusal and the sandbox's 413 (%s) take the limit as a parameter", (lang) => {
    const t = serverT(lang, "security-header");
    const kilobytes = MAX_VERIFY_INPUT_BYTES / 1024;
    for (const key of ["check.envelopeHint", "check.envelopeTooLarge", "sandbox.fault.TOO_LARGE"] as const) {
      expect(t(key, { kilobytes }), key).toContain(LIMIT);
      expect(t(key, { kilobytes: 999 }), key).not.toContain(LIMIT);
    }
  });
});
