import { useMemo } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table/data-table";
import { useLanguage } from "~/i18n/use-language";
import type { DocumentEntry } from "./document-schema";
import { DocumentTitleCell } from "./document-title-cell";
import { OptionalValue } from "./optional-value";
import { formatDocumentDate } from "./format-document-date";

/**
 * A long list of documents on the widget kit's data table: sortable columns, a filter, and pages of
 * 10 (the data table's default page size). The server renders the first page.
 */
export function DocumentsDataTable({ documents }: { documents: DocumentEntry[] }) {
  const lang = useLanguage();
  const { t } = useTranslation("documents");
  const columns = useMemo<DataTableColumn<DocumentEntry>[]>(
    () => [
      {
        id: "title",
        accessorFn: (document) => document.title[lang],
        header: t("columns.title"),
        size: 320,
        cell: ({ row }) => <DocumentTitleCell document={row.original} />,
      },
      { id: "kind", accessorFn: (document) => t(`kinds.${document.kind}`), header: t("columns.kind") },
      { id: "publisher", accessorKey: "publisher", header: t("columns.publisher") },
      {
        id: "version",
        accessorFn: (document) => document.version ?? "",
        header: t("columns.version"),
        size: 110,
        cell: ({ row }) => <OptionalValue value={row.original.version} />,
      },
      {
        // Sorted by the ISO date, shown in the reader's language.
        id: "date",
        accessorFn: (document) => document.date ?? "",
        header: t("columns.date"),
        cell: ({ row }) => <OptionalValue value={row.original.date ? formatDocumentDate(row.original.date, lang) : null} />,
      },
      { id: "language", accessorFn: (document) => t(`languages.${document.language}`), header: t("columns.language") },
      { id: "format", accessorKey: "format", header: t("columns.format"), size: 110 },
      {
        id: "size",
        accessorFn: (document) => document.size ?? "",
        header: t("columns.size"),
        size: 110,
        cell: ({ row }) => <OptionalValue value={row.original.size} />,
      },
    ],
    [t, lang],
  );
  return (
    <DataTable
      caption={t("caption")}
      captionHidden
      columns={columns}
      data={documents}
      getRowId={(document) => document.id}
      filterLabel={t("filterLabel")}
    />
  );
}
