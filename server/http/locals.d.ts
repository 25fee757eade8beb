import type { InlineSources, Language, SessionUser } from "../../app/server-surface";

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
    }
  }
}

export {};
