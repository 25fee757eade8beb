import type { HeaderCheckFindingCode } from "./header-check";

// The integrator's own sandbox keys as the keys page sees them (the server's half:
// server/sandbox/sandbox-api-keys.ts and sandbox-keys-context.ts). A key's secret is shown once, when it
// is made, and never again: the page only ever gets its public id, name, date and setting.

export interface SandboxKeyView {
  id: string;
  name: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  strict: boolean;
}

/** One request of a key's list: when, who checked it, the verdict and its codes, and its trace's address. */
export interface SandboxRequestView {
  id: string;
  receivedAt: string;
  source: "sandbox" | "checker";
  ok: boolean;
  codes: string[];
  href: string;
}

export interface SandboxRequestPage {
  entries: SandboxRequestView[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
}

/** The filter of a key's list: by verdict and by code. */
export interface SandboxRequestFilter {
  verdict?: "accepted" | "refused";
  code?: HeaderCheckFindingCode | string;
}

export type CreatedKey = { key: string; record: SandboxKeyView } | { refused: "limit" | "name" };

/** What the keys page's loader and action get (app/load-context.ts): bound to the request's session. */
export interface SandboxKeysContext {
  /** False when signed out: the page says why it needs sign-in. */
  signedIn: boolean;
  /** The figures the page states. */
  facts: {
    maxKeys: number;
    maxNameLength: number;
    keyChecksPerMinute: number;
    anonymousChecksPerMinute: number;
    traceKilobytesPerKey: number;
  };
  list(): Promise<SandboxKeyView[]>;
  create(name: string, strict: boolean): Promise<CreatedKey>;
  revoke(id: string): Promise<boolean>;
  setStrict(id: string, strict: boolean): Promise<boolean>;
  /** A key's requests, newest first, filtered, one page; null when the key is not the visitor's. */
  requests(id: string, filter: SandboxRequestFilter, page: number): Promise<SandboxRequestPage | null>;
}
