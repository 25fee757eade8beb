import type { SecurityHeaderWarning } from "./errors.js";
import type { SecurityHeader } from "./header-core.js";
import { SecurityHeaderError } from "./errors.js";
import { NAME } from "./cli-help.js";
import { UsageError } from "./cli-args.js";
import { Interrupted } from "./cli-password.js";
import { wrapInEnvelope } from "./xml.js";

export const EXIT_OK = 0;
export const EXIT_UNEXPECTED = 1;
export const EXIT_USAGE = 2;
export const EXIT_BAD_INPUT = 3;
export const EXIT_INTERRUPTED = 130;

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
  if (error instanceof SecurityHeaderError) {
    return { text: `${NAME}: error [${error.code}]: ${error.message}\n`, status: EXIT_BAD_INPUT };
  }
  const message = error instanceof Error ? error.message : String(error);
  const redacted = password ? message.split(password).join("***") : message;
  return { text: `${NAME}: unexpected failure: ${redacted}\n`, status: EXIT_UNEXPECTED };
}
