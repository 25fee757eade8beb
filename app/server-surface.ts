/**
 * The public surface of app/ for the Node server (server/): the only module of app/ that server/ may
 * import (eslint.config.js holds the rule). Each browser half that has a server half exports here what
 * the two share, so a feature can move its files without the server noticing. Add to it deliberately:
 * what is listed here is a contract between the two sides.
 */

// Language: the list, its query and cookie names, negotiation (server/http/language.ts decides).
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, LANGUAGES, type Language } from "~/i18n/languages";
export { negotiateLanguage } from "~/i18n/negotiate-language";
// Every text the server writes itself (its pages, plain answers, the session API's profile names): the
// small `t` over the locale files, `serverT(lang, namespace, keyPrefix)`.
export { serverT } from "~/i18n/server-texts";
export type { SubKey, TFunction, TextKey, TextNamespace } from "~/i18n/text-keys";

// Addresses: the base path and the helpers that build paths under it (one source, app/config/paths.ts).
export { apiPath, assetPath, BASE_PATH, BASE_URL, isUnderBasePath } from "~/config/paths";

// The per-request values the server hands to React Router (a context provider: future.v8_middleware).
export { createLoadContext, type AreaOELoadContext } from "./load-context";

// Site map and the public part of the startup configuration.
export { pageAnswersQuery, pageHref, pageIdHasIslands, pageIdIsPrivate, routedPageAddresses, type PageId } from "~/config/site-map";
// The islands' build, which the server reads at start (server/http/island-assets.ts).
export type { IslandAssets } from "~/islands/island-head";
export { ISLAND_LOADER_SOURCE, ISLANDS_MANIFEST_FILE } from "~/islands/island-sources";
// The Atom feeds (server/feeds): their addresses, and the change log the "What changed" feed carries.
export { ATOM_MEDIA_TYPE, FEED_IDS, feedHomePage, feedPath, type FeedId } from "~/config/feeds";
export { RULE_CHANGES, type RuleChange } from "~/mdx/change-log";
export { defaultUsefulLinks, type PublicConfig } from "~/config/public-config";

// Server rendering outside React Router: the one frame of the server's own pages (errors, busy,
// sign-in problems, the demo provider) with the portal's stylesheet, and the "busy" page.
export { PORTAL_STYLESHEET_HREF, ServerPage, serverPageHtml } from "~/render/server-page";
export { BUSY_HEADERS, BusyPage } from "~/render/busy-page";
export { MIRROR_RETRY_AFTER_SECONDS, mirrorPageHtml } from "~/render/mirror-pages";
// The server's logger for React Router's errors (entry.server's handleError).
export { setServerLog } from "~/render/server-log";
export type { InlineSources } from "~/render/inline-hash";

// session ↔ server/auth: sign-in paths, the customs roles claim, the signed-in user.
export {
  AUTH_PATH,
  CALLBACK_PATH,
  DEFAULT_RETURN_TO,
  RETURN_TO_PARAM,
  safeReturnTo,
  SESSION_API_PATH,
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  SIGNED_OUT_PATH,
  signInHref,
} from "~/features/session/return-to";
export { CUSTOMS_ROLES_CLAIM, customsRolesFromClaim, type CustomsRole } from "~/features/session/customs-roles";
export type { SessionUser } from "~/features/session/session-user";
// errors ↔ server/api/client-errors: the report's field limits, its digest and the browser's
// redaction, which the server applies again (it trusts nothing a report says about itself).
export { REPORT_LIMITS } from "~/features/errors/report-limits";
export { errorDigest } from "~/features/errors/digest";
export { redactText, redactUrl } from "~/features/errors/redact";

// security-header ↔ server/security-header + server/sandbox: what the pages show of the authority's
// certificates and of a checked header.
export type {
  AuthorityEnvironment,
  AuthorityEnvironmentId,
  AuthorityKeyWarningCode,
} from "~/features/security-header/authority-environment";
export { HEADER_CHECK_TOO_LARGE_QUERY, type HeaderCheckOutcome } from "~/features/security-header/header-check";
// The keys page's view of an integrator's own sandbox keys (server/sandbox/sandbox-keys-context.ts).
export type { SandboxKeysContext } from "~/features/security-header/sandbox-api-keys";
// The words of a finding (code + params) in a language: the checker page's and the sandbox's Faults'.
export { findingCatalogueHref, findingText, type FindingText } from "~/features/security-header/finding-text";
// The one record per finding code (content/faults/security-header-faults.json): what the sandbox
// answers for a code, and the key of a sandbox fault's words.
export { findingRecord, recordCodes, type SandboxAnswer } from "~/config/finding-records";
export { sandboxFaultWordingKey } from "~/config/finding-wording";

// certificate-renewal ↔ server/api/authority-certificates: the authority's certificates as data (the
// JSON's shape, its address and cache lifetime, and the day count the page shows too).
export {
  AUTHORITY_CERTIFICATES_API,
  AUTHORITY_CERTIFICATES_MAX_AGE_SECONDS,
  AUTHORITY_CERTIFICATE_MEDIA_TYPES,
  authorityCertificateFile,
  daysLeft,
  type AuthorityCertificateFormat,
  type AuthorityCertificatesDocument,
  type AuthorityCertificateSummary,
} from "~/features/certificate-renewal/authority-certificates";
// certificate-renewal ↔ server/http/renewal-reminder.ts: the planner's .ics reminder, its address and
// what the server answers there (a file, or back to the planner).
export { RENEWAL_REMINDER_PATH } from "~/features/certificate-renewal/renewal-reminder";
export { reminderDownload } from "~/features/certificate-renewal/reminder-download.server";
// time-limits ↔ server/http/time-limit-reminder.ts: the calculator's .ics reminder, its address and what
// the server answers there (a file, or back to the calculator).
export { TIME_LIMIT_REMINDER_PATH } from "~/features/time-limits/time-limits-query";
export { timeLimitReminder } from "~/features/time-limits/reminder-download.server";
