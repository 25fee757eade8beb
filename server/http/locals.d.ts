import type { InlineSources, Language, SessionUser } from "../../app/server-surface";
import type { SandboxClient } from "../sandbox/sandbox-limits";

// What the server's own middleware puts in `res.locals`, typed once (declaration merging) instead of
// a cast at every reader. securityHeaders sets cspNonce and languageMiddleware sets lang before any
// route reads them; the auth router sets session. Handlers that may run earlier (the plain error
// page) still check at run time.
declare global {
  namespace Express {
    interface Locals {
      lang: Language;
      cspNonce: string;
      session: SessionUser | null;
      /** Set when the session cookie could not be checked (the shared state does not answer): create-auth.ts. */
      sessionUnchecked?: boolean;
      /** Set when the answer is a static document: its inline elements' hashes (security-headers.ts). */
      staticDocument?: InlineSources;
      /** Set when the body goes out as stored, already encoded: the compression middleware skips it. */
      encodedOnce?: boolean;
      /** The budget a 429 refused (client-budget.ts): the metric of refusals reads it. */
      refusedBudget?: string;
      /** Who sends a sandbox request: its address, or the integrator's key it carried (sandbox-router.ts). */
      sandboxClient?: SandboxClient;
      /** The request's Bearer is no live sandbox key: refused (401) once the address's quota counted it. */
      unknownSandboxKey?: boolean;
      /** The verification pool did not start this check: the client's quota gives it back (sandbox-limits.ts). */
      checkNotStarted?: boolean;
      /** The checker page's check was refused before it ran (its quota, or the pool): the page says so and keeps the envelope. */
      checkRefused?: { status: 429 | 503; retryAfterSeconds: number; reason?: "quota" | "busy" };
    }
  }
}

export {};
