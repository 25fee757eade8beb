import type { FaultEntry } from "../../../app/config/finding-records";
import { wordingKeys } from "../../../app/config/finding-wording";
import type { Language } from "../../../app/i18n/languages";

/**
 * What a finding code lacks, named: every problem is one sentence that starts with the code
 * ("RATE_LIMITED lacks the pt text of its fix"), never a count. Read by finding-records.test.ts over the
 * real records, codes, texts and README; its own test feeds it a code that lacks each thing.
 */
export interface FindingRecordSources {
  /** The records: the entries of content/faults/security-header-faults.json. */
  readonly records: readonly FaultEntry[];
  /** The verifier's own list (FINDING_CODES of @areaoe/security-header), in its order. */
  readonly verifierCodes: readonly string[];
  /** The sandbox's own codes as its code names them (SANDBOX_FAULT_CODES, server/sandbox/soap-response.ts). */
  readonly sandboxCodes: readonly string[];
  readonly languages: readonly Language[];
  /** Whether the "security-header" texts of `lang` have `key`. */
  readonly hasText: (lang: Language, key: string) => boolean;
  /** The package README (it lists every verifier code in backquotes). */
  readonly readme: string;
}

const RECORD_FILE = "content/faults/security-header-faults.json";
/** The faultcode a refused header gets (HTTP 500): WS-Security 1.0 §12, or SOAP 1.1's VersionMismatch. */
const HEADER_FAULT_CODES = new Set(["wsse:InvalidSecurity", "wsse:FailedAuthentication", "wsse:MessageExpired", "soapenv:VersionMismatch"]);

function catalogueTextProblems(record: FaultEntry, languages: readonly Language[]): string[] {
  const problems: string[] = [];
  for (const lang of languages) {
    for (const field of ["meaning", "fix", "retry"] as const) {
      if (!record[field]?.[lang]?.trim()) problems.push(`${record.code} lacks the ${lang} text of its ${field}`);
    }
    const causes = record.causes?.[lang] ?? [];
    if (causes.length === 0 || causes.some((cause) => !cause.trim())) problems.push(`${record.code} lacks the ${lang} text of its causes`);
    else if (causes.length !== (record.causes?.pt ?? []).length) problems.push(`${record.code} has ${lang} causes that are not the pt causes one for one`);
  }
  return problems;
}

function sandboxAnswerProblems(record: FaultEntry): string[] {
  const { code, sandbox } = record;
  if (record.origin === "verifier" && record.severity === "warning") {
    return sandbox === null ? [] : [`${code} is a warning, which the sandbox does not refuse: its record's sandbox answer must be null`];
  }
  if (!sandbox) return [`${code} lacks the sandbox's answer (HTTP status and SOAP faultcode) in its record`];
  if (record.origin === "verifier") {
    if (sandbox.httpStatus === 400 && sandbox.faultcode === "soapenv:Client") return [];
    if (sandbox.httpStatus === 500 && HEADER_FAULT_CODES.has(sandbox.faultcode)) return [];
    return [`${code} has a sandbox answer the sandbox cannot give (${sandbox.httpStatus} ${sandbox.faultcode}): 400 soapenv:Client, or 500 with ${[...HEADER_FAULT_CODES].join(", ")}`];
  }
  const expected = sandbox.httpStatus >= 500 ? "soapenv:Server" : "soapenv:Client";
  if (sandbox.httpStatus < 400 || sandbox.httpStatus > 599) return [`${code} has a sandbox answer with HTTP ${sandbox.httpStatus}, not an error status`];
  return sandbox.faultcode === expected ? [] : [`${code} answers HTTP ${sandbox.httpStatus} with ${sandbox.faultcode}: it must be ${expected}`];
}

export function findingRecordProblems(sources: FindingRecordSources): string[] {
  const { records, verifierCodes, sandboxCodes, languages, hasText, readme } = sources;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    if (seen.has(record.code)) problems.push(`${record.code} has more than one record in ${RECORD_FILE}`);
    seen.add(record.code);
  }
  const recordOf = new Map(records.map((record) => [record.code, record]));
  const expectOrigin = (codes: readonly string[], origin: FaultEntry["origin"], list: string) => {
    for (const code of codes) {
      const record = recordOf.get(code);
      if (!record) problems.push(`${code} lacks its record in ${RECORD_FILE} (it is in ${list})`);
      else if (record.origin !== origin) problems.push(`${code} is in ${list} but its record says origin "${record.origin}"`);
    }
    for (const record of records) {
      if (record.origin === origin && !codes.includes(record.code)) problems.push(`${record.code} has a record of origin "${origin}" but is not in ${list}`);
    }
  };
  expectOrigin(verifierCodes, "verifier", "the verifier's FINDING_CODES");
  expectOrigin(sandboxCodes, "sandbox", "the sandbox's SANDBOX_FAULT_CODES");

  const verifierRecords = records.filter((record) => record.origin === "verifier").map((record) => record.code);
  const inBoth = verifierCodes.filter((code) => verifierRecords.includes(code));
  const recordsInBoth = verifierRecords.filter((code) => verifierCodes.includes(code));
  const outOfOrder = inBoth.find((code, index) => recordsInBoth[index] !== code);
  if (outOfOrder) problems.push(`${outOfOrder} is not in the verifier's order in ${RECORD_FILE} (the records of the verifier's codes follow FINDING_CODES)`);

  for (const record of records) {
    problems.push(...catalogueTextProblems(record, languages));
    problems.push(...sandboxAnswerProblems(record));
    for (const { part, key } of wordingKeys(record.code, record.origin)) {
      for (const lang of languages) {
        if (!hasText(lang, key)) problems.push(`${record.code} lacks the ${lang} text of its ${part} (security-header locale key ${key})`);
      }
    }
    if (record.origin === "verifier" && !readme.includes(`\`${record.code}\``)) problems.push(`${record.code} is not listed in packages/security-header/README.md`);
  }
  for (const code of verifierCodes) {
    if (!recordOf.has(code)) {
      // A code without a record still needs its words and its README line: name them too.
      for (const { part, key } of wordingKeys(code, "verifier")) {
        for (const lang of languages) if (!hasText(lang, key)) problems.push(`${code} lacks the ${lang} text of its ${part} (security-header locale key ${key})`);
      }
      if (!readme.includes(`\`${code}\``)) problems.push(`${code} is not listed in packages/security-header/README.md`);
    }
  }
  return problems;
}
