import type { Request, Response } from "express";
import { MAX_VERIFY_INPUT_BYTES } from "@areaoe/security-header";
import { HEADER_CHECK_TOO_LARGE_QUERY, isLanguage, LANGUAGE_QUERY, pageHref } from "../../app/server-surface";
import { sendPlainErrorPage } from "../http/plain-error-page";

const CHECK_PATH = pageHref("security-header-check");

/**
 * The transport limit of the checker's form post, from the one limit of the envelope (the verifier's
 * MAX_VERIFY_INPUT_BYTES): URL encoding can triple the envelope (`<`, `+`, `/` and `=` become `%XX`),
 * and the password and the field names fit in one more: 4 × the limit. An envelope within it but over
 * the limit is refused by the page's action, which states the limit.
 */
export const HEADER_CHECK_MAX_BODY_BYTES = 4 * MAX_VERIFY_INPUT_BYTES;

export const headerCheckGuard = {
  /** The page and React Router's data request for it (`.data`, used when scripts run). */
  paths: [CHECK_PATH, `${CHECK_PATH}.data`],
};

const KEYS_PATH = pageHref("security-header-sandbox-keys");
/**
 * The sandbox keys page's form posts (make, revoke, set a key): small forms (a name of 60 characters),
 * read whole before admission within 4 KB. Its action acts only for the signed-in visitor, whose
 * session cookie is SameSite=Lax: another site's form cannot post with it.
 */
export const sandboxKeysGuard = {
  paths: [KEYS_PATH, `${KEYS_PATH}.data`],
  maxBodyBytes: 4 * 1024,
};

/**
 * A checker post too large to read (its declared length is over the transport limit): the visitor is
 * sent back to the checker's own page (303), whose form then says, in their language, what the limit
 * is, instead of a bare "Error 413". The body is never read. A data request (`.data`: the page's
 * scripts refuse an envelope over the limit before sending it) gets the plain 413.
 */
export function headerCheckTooLarge(req: Request, res: Response): void {
  if (req.path.endsWith(".data")) return sendPlainErrorPage(req, res, 413);
  // The language the visitor chose by the address (`?lang=`) stays chosen; else it is negotiated again.
  const lang = req.query[LANGUAGE_QUERY];
  const chosen = isLanguage(lang) ? `&${LANGUAGE_QUERY}=${lang}` : "";
  res.setHeader("Cache-Control", "no-store");
  res.redirect(303, `${CHECK_PATH}?${HEADER_CHECK_TOO_LARGE_QUERY}${chosen}#header-check-title`);
}
