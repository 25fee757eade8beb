// Error reports leave the browser: nothing secret or personal may ride along. Query strings and
// fragments often carry tokens or personal data, so they are dropped from every URL; anything that
// looks like a credential is masked.

const REDACTED = "[redacted]";
// The query ends before a stack frame's ":line:column", which is kept.
const URL_WITH_QUERY =
  /\b(https?:\/\/[^\s?#"'`<>()]*)[?#][^\s"'`<>()]*?(?=(?::\d+){1,2}(?:[\s"'`<>()]|$)|[\s"'`<>()]|$)/gi;
const SECRET_ASSIGNMENT =
  /\b(password|passwd|pwd|pass|secret|token|access_token|refresh_token|id_token|api[_-]?key|key|session|sessionid|sid|cookie|authorization|auth|code)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&;,/"'`]+)/gi;
const AUTH_SCHEME = /\b(Bearer|Basic|Digest)\s+[A-Za-z0-9._~+/=-]{6,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/** Masks credentials and drops query strings and fragments of the URLs inside a text. */
export function redactText(text: string): string {
  return text
    .replace(URL_WITH_QUERY, "$1")
    .replace(JWT, REDACTED)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(SECRET_ASSIGNMENT, `$1$2${REDACTED}`);
}

/** A page address without query string, fragment or credentials. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return redactText(`${parsed.origin}${parsed.pathname}`);
  } catch {
    return redactText(url.split(/[?#]/)[0] ?? "");
  }
}
