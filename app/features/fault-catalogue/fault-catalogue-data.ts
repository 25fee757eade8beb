import data from "../../../content/faults/security-header-faults.json";

// The fault catalogue's one source: content/faults/security-header-faults.json, rendered by the
// catalogue page and served as it is at /areaOE/downloads/security-header-faults.json.

export interface LocalisedText {
  readonly pt: string;
  readonly en: string;
}

export interface LocalisedList {
  readonly pt: readonly string[];
  readonly en: readonly string[];
}

export type FaultOrigin = "verifier" | "sandbox";

/** A code this portal gives (the verifier's findings, the sandbox's own codes); its anchor is the code. */
export interface FaultEntry {
  readonly code: string;
  readonly origin: FaultOrigin;
  readonly severity: "error" | "warning";
  /** What the sandbox answers for it (null for a warning, which does not refuse the header). */
  readonly sandbox: { readonly httpStatus: number; readonly faultcode: string } | null;
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

export const faultCatalogue = data as FaultCatalogueData;
