/**
 * The two forms of the header that the authority's clients send. Exactly one is made:
 * - `digest` (default): the authority's own Java sample. Created in clear text, and a `Digest`
 *   attribute on Password = B64(AES(Ks, SHA-1(Ks ‖ Created ‖ password))).
 * - `encrypted-created`: the current invoicing clients. No Digest; Created = B64(AES(Ks, Created)).
 */
export const HEADER_FORMS = ["digest", "encrypted-created"] as const;
export type HeaderForm = (typeof HEADER_FORMS)[number];
export const DEFAULT_HEADER_FORM: HeaderForm = "digest";

export function isHeaderForm(value: unknown): value is HeaderForm {
  return typeof value === "string" && (HEADER_FORMS as readonly string[]).includes(value);
}
