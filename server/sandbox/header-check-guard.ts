import { pageHref } from "../../app/server-surface";

const CHECK_PATH = pageHref("security-header-check");

/**
 * The transport limit of the checker's form post. The action reads at most 16 KB of text; URL
 * encoding can triple that (`<`, `+`, `/` and `=` become `%XX`), plus the password: at most 64 KB.
 */
export const HEADER_CHECK_MAX_BODY_BYTES = 64 * 1024;

export const headerCheckGuard = {
  /** The page and React Router's data request for it (`.data`, used when scripts run). */
  paths: [CHECK_PATH, `${CHECK_PATH}.data`],
};
