import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FINDING_CODES } from "@areaoe/security-header/node";
import { faultCatalogue } from "../../app/features/fault-catalogue/fault-catalogue-data";
import { LANGUAGES } from "../../app/i18n/languages";
import { serverT } from "../../app/server-surface";
import { faultCodeFor, SANDBOX_FAULT_CODES } from "../../server/sandbox/soap-response";
import { DOWNLOAD_SOURCES } from "../downloads/downloads";

// The fault catalogue (content/faults/security-header-faults.json): one entry per code the portal can
// give, in both languages, and nothing else but the authority's faults that a cited public source shows.
const { entries, authorityFaults } = faultCatalogue;
const codes = entries.map((entry) => entry.code);

describe("the security header fault catalogue", () => {
  it("has one entry for every code the verifier (checker, sandbox) can give, in the verifier's order", () => {
    const verifierCodes = entries.filter((entry) => entry.origin === "verifier").map((entry) => entry.code);
    // Named, not counted: a code without its entry, or an entry for no code.
    expect(FINDING_CODES.filter((code) => !verifierCodes.includes(code)), "codes without a catalogue entry").toEqual([]);
    expect(verifierCodes.filter((code) => !(FINDING_CODES as readonly string[]).includes(code)), "entries for no verifier code").toEqual([]);
    expect(verifierCodes).toEqual([...FINDING_CODES]);
  });

  it.each(LANGUAGES)("every verifier code has its title and fix in the checker's and the sandbox's texts (%s)", (lang) => {
    const t = serverT(lang, "security-header");
    const missing = FINDING_CODES.flatMap((code) =>
      (["title", "fix"] as const).filter((field) => t(`check.finding.${code}.${field}`, { defaultValue: "" }) === "").map((field) => `${code}.${field}`),
    );
    expect(missing, "check.finding.<CODE>.* texts missing").toEqual([]);
  });

  it("the package README lists every verifier code", () => {
    const readme = readFileSync("packages/security-header/README.md", "utf8");
    expect(FINDING_CODES.filter((code) => !readme.includes(`\`${code}\``)), "codes the README does not name").toEqual([]);
  });

  it("has one entry for every code of the sandbox's own faults", () => {
    expect(entries.filter((entry) => entry.origin === "sandbox").map((entry) => entry.code).sort()).toEqual([...SANDBOX_FAULT_CODES].sort());
  });

  it("lists each code once, and no code the portal cannot give", () => {
    expect(new Set(codes).size).toBe(codes.length);
    const known = new Set<string>([...FINDING_CODES, ...SANDBOX_FAULT_CODES]);
    expect(codes.filter((code) => !known.has(code))).toEqual([]);
  });

  it.each(LANGUAGES)("every entry has its meaning, causes, fix and retry advice in %s", (lang) => {
    const problems: string[] = [];
    for (const entry of [...entries, ...authorityFaults]) {
      const id = "code" in entry ? entry.code : entry.id;
      for (const field of ["meaning", "fix", "retry"] as const) {
        if (!entry[field][lang]?.trim()) problems.push(`${id}: ${field}.${lang} is empty`);
      }
      const causes = entry.causes[lang];
      if (causes.length === 0 || causes.some((cause) => !cause.trim())) problems.push(`${id}: causes.${lang} is empty`);
      if (causes.length !== entry.causes.pt.length) problems.push(`${id}: causes.${lang} and causes.pt differ in number`);
    }
    expect(problems).toEqual([]);
  });

  it("says what the sandbox answers, as the sandbox does", () => {
    for (const entry of entries.filter((candidate) => candidate.origin === "verifier")) {
      if (entry.severity === "warning") {
        expect(entry.sandbox, entry.code).toBeNull();
        continue;
      }
      if (entry.sandbox?.httpStatus === 500) expect(entry.sandbox.faultcode, entry.code).toBe(faultCodeFor({ code: entry.code as never }));
      else expect(entry.sandbox, entry.code).toEqual({ httpStatus: 400, faultcode: "soapenv:Client" });
    }
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
