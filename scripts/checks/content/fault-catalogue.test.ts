import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FINDING_CODES } from "@areaoe/security-header/node";
import { faultCatalogue } from "../../../app/features/fault-catalogue/fault-catalogue-data";
import { LANGUAGES } from "../../../app/i18n/languages";
import { SANDBOX_FAULT_CODES } from "../../../server/sandbox/soap-response";
import { DOWNLOAD_SOURCES } from "../../build/downloads/downloads";

// The fault catalogue (content/faults/security-header-faults.json): one entry per code the portal can
// give, in both languages, and nothing else but the authority's faults that a cited public source shows.
const { entries, authorityFaults } = faultCatalogue;
const codes = entries.map((entry) => entry.code);

describe("the security header fault catalogue", () => {
  // Each entry is the record of its code: scripts/checks/content/finding-records.test.ts ties the records
  // to the verifier's and the sandbox's codes, texts and README, naming the code that lacks something.
  it("lists each code once, and no code the portal cannot give", () => {
    expect(new Set(codes).size).toBe(codes.length);
    const known = new Set<string>([...FINDING_CODES, ...SANDBOX_FAULT_CODES]);
    expect(codes.filter((code) => !known.has(code))).toEqual([]);
  });

  it.each(LANGUAGES)("every authority fault has its meaning, causes, fix and retry advice in %s", (lang) => {
    const problems: string[] = [];
    for (const fault of authorityFaults) {
      for (const field of ["meaning", "fix", "retry"] as const) {
        if (!fault[field][lang]?.trim()) problems.push(`${fault.id}: ${field}.${lang} is empty`);
      }
      const causes = fault.causes[lang];
      if (causes.length === 0 || causes.some((cause) => !cause.trim())) problems.push(`${fault.id}: causes.${lang} is empty`);
      if (causes.length !== fault.causes.pt.length) problems.push(`${fault.id}: causes.${lang} and causes.pt differ in number`);
    }
    expect(problems).toEqual([]);
  });

  it("lists an authority fault only with its public source (repository, file, commit, address)", () => {
    const ids = authorityFaults.map((fault) => fault.id);
    expect(new Set([...ids, ...codes]).size).toBe(ids.length + codes.length);
    for (const fault of authorityFaults) {
      expect(fault.message.trim()).not.toBe("");
      expect(fault.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(fault.source.href).toBe(`https://github.com/${fault.source.repository}/blob/${fault.source.commit}/${fault.source.path}`);
      for (const lang of LANGUAGES) expect(fault.source.note[lang].trim()).not.toBe("");
    }
  });

  it("is served as it is, as the download security-header-faults.json", () => {
    const download = DOWNLOAD_SOURCES.find((source) => source.id === "security-header-faults");
    expect(download?.source).toBe("content/faults/security-header-faults.json");
    expect(JSON.parse(readFileSync(download?.source ?? "", "utf8"))).toEqual(faultCatalogue);
  });
});
