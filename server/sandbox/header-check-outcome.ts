import type { VerificationResult } from "@areaoe/security-header/node";
import type { HeaderCheckOutcome } from "../../app/server-surface";

/**
 * The checker page's view of a verification: codes and values only (the page words them in the
 * visitor's language). Nothing secret is in it: the verifier's params never hold a password or a key.
 */
export function toHeaderCheckOutcome(result: VerificationResult, trace?: { id: string; href: string }): HeaderCheckOutcome {
  return {
    ...(trace ? { trace } : {}),
    ok: result.ok,
    form: result.form,
    username: result.username,
    createdAt: result.createdAt,
    findings: result.findings.map(({ code, severity, params }) => ({ code, severity, params: { ...params } })),
  };
}
