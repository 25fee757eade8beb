import { SecurityHeaderError } from "./errors.js";

/** The authority accepts a header for one minute after its Created time. */
export const HEADER_VALIDITY_MS = 60_000;

const CREATED_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC. `toISOString` already has this shape for years 0000..9999;
 * outside that range it switches to a 6-digit signed year, which the format cannot express.
 */
export function formatCreated(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new SecurityHeaderError("INVALID_DATE", "The date is not a valid Date");
  }
  const text = date.toISOString();
  if (!CREATED_PATTERN.test(text)) {
    throw new SecurityHeaderError("INVALID_DATE", "The date must fall in the years 0000 to 9999 (UTC)");
  }
  return text;
}
