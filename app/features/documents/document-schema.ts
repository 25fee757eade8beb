import { z } from "zod";

import { BASE_URL } from "../../config/paths";
import { childPages } from "../../config/site-map";

// Runs at build time only (scripts/build/documents/): the pages import the type, never the schema.

/** The areas a document may belong to: the site map's top-level pages (import, excise, …). */
export const DOCUMENT_AREAS = childPages("home").map((page) => page.id);

export const DOCUMENT_KINDS = ["manual", "wsdl", "schema", "guide", "specification", "software", "other"] as const;
export const DOCUMENT_LANGUAGES = ["pt", "en", "pt,en"] as const;

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return true; // the format rule reports it
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** An https URL, or an in-app path under the base path (CONTRIBUTING: no other scheme). */
function isDocumentHref(value: string): boolean {
  if (value.startsWith(BASE_URL)) return !value.includes("..") && !value.startsWith(`${BASE_URL}/`);
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const text = z.string().trim().min(1, "must not be empty");

/** One entry of content/documents/<area>.json, as CONTRIBUTING.md describes it. Unknown keys are refused. */
export const documentSchema = z.strictObject({
  id: z.string().regex(KEBAB_CASE, "must be kebab-case (lower-case letters, digits and hyphens)"),
  area: z.enum(DOCUMENT_AREAS as [string, ...string[]], {
    error: `must be one of the area page ids: ${DOCUMENT_AREAS.join(", ")}`,
  }),
  system: text.nullable().optional(),
  title: z.strictObject({ pt: text, en: text }),
  kind: z.enum(DOCUMENT_KINDS, { error: `must be one of: ${DOCUMENT_KINDS.join(", ")}` }),
  version: text.nullable(),
  date: z
    .string()
    .regex(ISO_DATE, "must be YYYY-MM-DD")
    .refine(isRealDate, "is not a real calendar date")
    .nullable(),
  language: z.enum(DOCUMENT_LANGUAGES, { error: `must be one of: ${DOCUMENT_LANGUAGES.join(", ")}` }),
  format: text,
  size: text.nullable(),
  /** Who publishes it, as the source names itself (e.g. "Autoridade Tributária e Aduaneira"). */
  publisher: text,
  // The registry lists only documents that exist, each with its published address (or the
  // public page that publishes it): no entry without a target.
  href: z.string({ error: "is required: the published document or the public page that publishes it" }).refine(
    isDocumentHref,
    `must be an https:// URL or an in-app path under ${BASE_URL}`,
  ),
});

export type DocumentEntry = z.infer<typeof documentSchema>;
export const documentFileSchema = z.array(z.unknown(), { error: "the file must hold a JSON array of documents" });
