import { registry } from "./registry";
import { resolveDocuments } from "./resolve-documents";
import { DocumentsTable } from "./documents-table";

/**
 * `<Documents ids={["import-rbv-manual"]} />` in a content file: those registry entries as a table.
 * Loaded lazily by app/mdx/mdx-components.tsx, so only pages that list documents fetch the table code.
 * An unknown id renders nothing (the content checks fail on it), so a typo never breaks the page.
 */
export function Documents({ ids }: { ids: string[] }) {
  const { found, missing } = resolveDocuments(ids, registry.documents);
  if (import.meta.env.DEV && missing.length > 0) {
    console.warn(`[documents] unknown document id(s): ${missing.join(", ")}`);
  }
  if (found.length === 0) return null;
  // Every document, in the writer's order, as a plain table: a content page is a page of text and runs
  // no script, so a paged data table there would show its first page only, with no way to the others.
  return <DocumentsTable documents={found} />;
}
