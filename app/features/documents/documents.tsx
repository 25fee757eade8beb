import { registry } from "./registry";
import { resolveDocuments } from "./resolve-documents";
import { DocumentsTable } from "./documents-table";
import { DocumentsDataTable } from "./documents-data-table";
import { DATA_TABLE_PAGE_SIZE } from "~/components/ui/data-table/data-table";

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
  // A short list reads best as a plain table in the writer's order; a long one gets sorting, a
  // filter and pages (the data table's defaults).
  return found.length > DATA_TABLE_PAGE_SIZE ? (
    <DocumentsDataTable documents={found} />
  ) : (
    <DocumentsTable documents={found} />
  );
}
