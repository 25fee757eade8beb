/**
 * The keys of the "security-header" texts that word a code of the finding records
 * (./finding-records.ts): a verifier finding's title and fix on the checker page and in the sandbox's
 * Faults (`findingText`, app/features/security-header/finding-text.ts), a sandbox fault's one sentence
 * (`sandboxFaultText`, server/sandbox/soap-response.ts). Apart from the records so that the checker's
 * browser code takes the key rule without the catalogue's texts.
 */
export type FindingWordingPart = "title" | "titleTimeZone" | "fix" | "fixTimeZone";

/** A verifier finding's wording: `check.finding.<CODE>.<part>`. */
export function findingWordingKey(code: string, part: FindingWordingPart): string {
  return `check.finding.${code}.${part}`;
}

/** The sandbox's refusals by its quotas are worded with their limit and wait (`sandboxLimits.*`). */
const SANDBOX_FAULT_WORDING: Readonly<Record<string, string>> = {
  RATE_LIMITED: "sandboxLimits.rateLimited",
  SANDBOX_OVERLOADED: "sandboxLimits.overloaded",
};

/** A sandbox fault's wording: `sandbox.fault.<CODE>`, or its quota's text. */
export function sandboxFaultWordingKey(code: string): string {
  return SANDBOX_FAULT_WORDING[code] ?? `sandbox.fault.${code}`;
}

/** Every key a record of `origin` must have, in pt and en (the title by cause is optional). */
export function wordingKeys(code: string, origin: "verifier" | "sandbox"): { readonly part: string; readonly key: string }[] {
  if (origin === "sandbox") return [{ part: "sandbox fault text", key: sandboxFaultWordingKey(code) }];
  return (["title", "fix"] as const).map((part) => ({ part: `checker ${part}`, key: findingWordingKey(code, part) }));
}
