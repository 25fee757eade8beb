import type { SecurityHeaderWarning } from "./errors.js";
import type { SecurityHeader } from "./header-core.js";
import { SecurityHeaderError } from "./errors.js";
import { NAME } from "./cli-help.js";
import { UsageError } from "./cli-args.js";
import { KeyFromError, type KeyFromFailure } from "./cli-key-from.js";
import { Interrupted } from "./cli-password.js";
import { wrapInEnvelope } from "./xml.js";

// The exit statuses, one meaning each (the help and the README list them).
export const EXIT_OK = 0;
export const EXIT_UNEXPECTED = 1;
/** The command line: an unknown or refused option, a missing or malformed value. */
export const EXIT_USAGE = 2;
/** The username, the password, the key or the key file. */
export const EXIT_BAD_INPUT = 3;
/** --key-from: no key of the key set is valid on the date (the same status check-certificate gives a certificate not valid now). */
export const EXIT_NO_KEY_FOR_DATE = 4;
/** --key-from: the key set or the certificate could not be read (no answer, an HTTP error, too slow, too large): retrying may help. */
export const EXIT_KEY_UNREACHABLE = 5;
/** --key-from: refused as untrusted or no key set (http:, a redirect to another origin, a fingerprint not trusted or not matching, malformed). */
export const EXIT_KEY_REFUSED = 6;
export const EXIT_INTERRUPTED = 130;

const KEY_FROM_EXIT: Readonly<Record<KeyFromFailure, number>> = { "no-key": EXIT_NO_KEY_FOR_DATE, unreachable: EXIT_KEY_UNREACHABLE, refused: EXIT_KEY_REFUSED };

/** The XML header (or envelope), or the whole result as JSON. */
export function formatHeader(header: SecurityHeader, { json, envelope }: { json: boolean; envelope: boolean }): string {
  const wrapped = envelope ? wrapInEnvelope(header.xml) : undefined;
  if (!json) return `${wrapped ?? header.xml}\n`;
  return `${JSON.stringify(wrapped === undefined ? header : { ...header, envelope: wrapped }, null, 2)}\n`;
}

export function formatWarning(warning: SecurityHeaderWarning): string {
  return `warning [${warning.code}]: ${warning.message}\n`;
}

/** The line for stderr and the exit status; the password never appears, even from a lower layer. */
export function describeFailure(error: unknown, password: string): { text: string; status: number } {
  if (error instanceof UsageError) return { text: `${NAME}: usage error: ${error.message}\n`, status: EXIT_USAGE };
  if (error instanceof Interrupted) return { text: `${NAME}: interrupted\n`, status: EXIT_INTERRUPTED };
  if (error instanceof KeyFromError) return { text: `${NAME}: ${error.message}\n`, status: KEY_FROM_EXIT[error.kind] };
  if (error instanceof SecurityHeaderError) {
    return { text: `${NAME}: error [${error.code}]: ${error.message}\n`, status: EXIT_BAD_INPUT };
  }
  const message = error instanceof Error ? error.message : String(error);
  const redacted = password ? message.split(password).join("***") : message;
  return { text: `${NAME}: unexpected failure: ${redacted}\n`, status: EXIT_UNEXPECTED };
}
