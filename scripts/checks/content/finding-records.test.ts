import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FINDING_CODES } from "@areaoe/security-header/node";
import { FINDING_RECORDS, type FaultEntry } from "../../../app/config/finding-records";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import { serverT } from "../../../app/server-surface";
import { SANDBOX_FAULT_CODES } from "../../../server/sandbox/soap-response";
import { findingRecordProblems, type FindingRecordSources } from "./finding-records";

// One record per finding code (app/config/finding-records.ts, the entries of
// content/faults/security-header-faults.json; docs/decisions/0017-one-record-per-finding-code.md): the
// verifier's list, the sandbox's own codes, the checker's and the sandbox's texts and the package README
// agree with the records, and whatever a code lacks is named with the code.
// A missing text throws in tests (small-t): asked with a default, an absent one is the empty default.
const hasText = (lang: Language, key: string) => serverT(lang, "security-header")(key, { defaultValue: "" }) !== "";

const realSources: FindingRecordSources = {
  records: FINDING_RECORDS,
  verifierCodes: FINDING_CODES,
  sandboxCodes: SANDBOX_FAULT_CODES,
  languages: LANGUAGES,
  hasText,
  readme: readFileSync("packages/security-header/README.md", "utf8"),
};

describe("the finding records", () => {
  it("give every code of the verifier and of the sandbox its record, texts, sandbox answer and README line", () => {
    expect(findingRecordProblems(realSources)).toEqual([]);
  });
});

describe("findingRecordProblems names the code that lacks something", () => {
  const record = (code: string, origin: FaultEntry["origin"] = "verifier"): FaultEntry => ({
    code,
    origin,
    severity: "error",
    sandbox: origin === "verifier" ? { httpStatus: 500, faultcode: "wsse:InvalidSecurity" } : { httpStatus: 429, faultcode: "soapenv:Client" },
    meaning: { pt: "Significado.", en: "Meaning." },
    causes: { pt: ["Causa."], en: ["Cause."] },
    fix: { pt: "Correção.", en: "Fix." },
    retryHelps: false,
    retry: { pt: "Não.", en: "No." },
  });
  const texts = new Set(["check.finding.A.title", "check.finding.A.fix", "sandbox.fault.S"]);
  const sources = (changes: Partial<FindingRecordSources>): FindingRecordSources => ({
    records: [record("A"), record("S", "sandbox")],
    verifierCodes: ["A"],
    sandboxCodes: ["S"],
    languages: LANGUAGES,
    hasText: (_lang, key) => texts.has(key),
    readme: "- `A`: …",
    ...changes,
  });

  it("finds nothing when every fact is there", () => {
    expect(findingRecordProblems(sources({}))).toEqual([]);
  });

  it("names a new verifier code without record, texts or README line", () => {
    expect(findingRecordProblems(sources({ verifierCodes: ["A", "USERNAME_WHITESPACE"] }))).toEqual([
      "USERNAME_WHITESPACE lacks its record in content/faults/security-header-faults.json (it is in the verifier's FINDING_CODES)",
      "USERNAME_WHITESPACE lacks the pt text of its checker title (security-header locale key check.finding.USERNAME_WHITESPACE.title)",
      "USERNAME_WHITESPACE lacks the en text of its checker title (security-header locale key check.finding.USERNAME_WHITESPACE.title)",
      "USERNAME_WHITESPACE lacks the pt text of its checker fix (security-header locale key check.finding.USERNAME_WHITESPACE.fix)",
      "USERNAME_WHITESPACE lacks the en text of its checker fix (security-header locale key check.finding.USERNAME_WHITESPACE.fix)",
      "USERNAME_WHITESPACE is not listed in packages/security-header/README.md",
    ]);
  });

  it("names a record's missing catalogue text by language and field", () => {
    const limited = { ...record("S", "sandbox"), fix: { pt: " ", en: "Wait." } };
    expect(findingRecordProblems(sources({ records: [record("A"), limited] }))).toEqual(["S lacks the pt text of its fix"]);
  });

  it("names a sandbox code without its record, and a record the code does not know", () => {
    expect(findingRecordProblems(sources({ sandboxCodes: ["S", "T"] }))).toContain(
      "T lacks its record in content/faults/security-header-faults.json (it is in the sandbox's SANDBOX_FAULT_CODES)",
    );
    expect(findingRecordProblems(sources({ sandboxCodes: [] }))).toEqual([`S has a record of origin "sandbox" but is not in the sandbox's SANDBOX_FAULT_CODES`]);
  });

  it("names a sandbox answer the sandbox cannot give, and a code out of the verifier's order", () => {
    const wrong = { ...record("A"), sandbox: { httpStatus: 400, faultcode: "wsse:InvalidSecurity" } };
    expect(findingRecordProblems(sources({ records: [wrong, record("S", "sandbox")] }))[0]).toMatch(/^A has a sandbox answer the sandbox cannot give/);
    const both = sources({ records: [record("B"), record("A"), record("S", "sandbox")], verifierCodes: ["A", "B"], readme: "`A` `B`" });
    const withTexts = { ...both, hasText: () => true };
    expect(findingRecordProblems(withTexts)).toEqual([
      "A is not in the verifier's order in content/faults/security-header-faults.json (the records of the verifier's codes follow FINDING_CODES)",
    ]);
  });
});
