import data from "../../content/faults/security-header-faults.json";

/**
 * One record per code the portal gives about a security header: the entries of the fault catalogue,
 * content/faults/security-header-faults.json, which hold both languages by nature. Each record is the
 * code, where it comes from (`origin`: the verifier's findings, the sandbox's own faults), its severity,
 * what the sandbox answers for it (SOAP fault class and HTTP status), and its catalogue text in pt and
 * en (meaning, causes, fix, retry). The checker's and the sandbox's wording keys follow from the code
 * and origin (`wordingKeys`, ./finding-wording.ts). The verifier's list (FINDING_CODES of
 * @areaoe/security-header, which imports nothing of the portal) and the sandbox's own codes are tied to
 * these records by scripts/checks/content/finding-records.test.ts, which names the code that lacks
 * something ([0017](../../docs/decisions/0017-one-record-per-finding-code.md)).
 */

export interface LocalisedText {
  readonly pt: string;
  readonly en: string;
}

export interface LocalisedList {
  readonly pt: readonly string[];
  readonly en: readonly string[];
}

export type FaultOrigin = "verifier" | "sandbox";

/** What the sandbox answers for a code: the HTTP status and the SOAP Fault's `faultcode`. */
export interface SandboxAnswer {
  readonly httpStatus: number;
  readonly faultcode: string;
}

/** A code this portal gives (the verifier's findings, the sandbox's own codes); its anchor is the code. */
export interface FaultEntry {
  readonly code: string;
  readonly origin: FaultOrigin;
  readonly severity: "error" | "warning";
  /** What the sandbox answers for it (null for a warning, which does not refuse the header). */
  readonly sandbox: SandboxAnswer | null;
  readonly meaning: LocalisedText;
  /** Most likely first. */
  readonly causes: LocalisedList;
  readonly fix: LocalisedText;
  readonly retryHelps: boolean;
  readonly retry: LocalisedText;
}

/** A fault of the authority's own services, listed only with the public source that shows it. */
export interface AuthorityFault {
  readonly id: string;
  readonly faultcode: string;
  readonly detailCode: number;
  /** The authority's message, as the source shows it (Portuguese). */
  readonly message: string;
  readonly meaning: LocalisedText;
  readonly causes: LocalisedList;
  readonly fix: LocalisedText;
  readonly retryHelps: boolean;
  readonly retry: LocalisedText;
  readonly source: {
    readonly title: string;
    readonly repository: string;
    readonly path: string;
    readonly commit: string;
    readonly href: string;
    readonly note: LocalisedText;
  };
}

export interface FaultCatalogueData {
  readonly version: number;
  readonly description: LocalisedText;
  readonly entries: readonly FaultEntry[];
  readonly authorityFaults: readonly AuthorityFault[];
}

/** The whole catalogue: the records, and the authority's faults that a cited public source shows. */
export const faultCatalogue = data as FaultCatalogueData;

/** Every record, in the catalogue's order (the verifier's codes in the verifier's order, then the sandbox's). */
export const FINDING_RECORDS: readonly FaultEntry[] = faultCatalogue.entries;

const byCode = new Map(FINDING_RECORDS.map((record) => [record.code, record]));

/** The record of `code`, or undefined when the portal gives no such code. */
export function findingRecord(code: string): FaultEntry | undefined {
  return byCode.get(code);
}

/** The codes of one origin's records, in the catalogue's order. */
export function recordCodes(origin: FaultOrigin): string[] {
  return FINDING_RECORDS.filter((record) => record.origin === origin).map((record) => record.code);
}
