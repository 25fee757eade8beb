import { flexRender, type Column, type Header } from "@tanstack/react-table";
import { useTranslation } from "~/i18n/use-translation";
import { DATA_TABLE_SELECTION_COLUMN_ID } from "./data-table-defaults";

function headerText<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === "string" ? header : column.id;
}

/**
 * A column header: a sort button with `aria-sort` when the column sorts (once hydrated), its plain
 * header otherwise: without scripts a sort cannot work, so nothing offers one.
 */
export function DataTableHeaderCell<TData>({
  header,
  interactive,
}: {
  header: Header<TData, unknown>;
  /** False until hydrated: the sort button cannot work without scripts. */
  interactive: boolean;
}) {
  const { t } = useTranslation("ui");
  const { column } = header;
  const canSort = interactive && column.getCanSort();
  const sorted = column.getIsSorted();
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const ariaSort = !canSort ? undefined : sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
  return (
    <th
      scope="col"
      colSpan={header.colSpan}
      aria-sort={ariaSort}
      style={{ width: header.getSize(), minWidth: column.id === DATA_TABLE_SELECTION_COLUMN_ID ? header.getSize() : undefined }}
      className={column.id === DATA_TABLE_SELECTION_COLUMN_ID ? "data-table__selection-cell" : undefined}
    >
      {canSort ? (
        <button
          type="button"
          className="data-table__sort"
          onClick={column.getToggleSortingHandler()}
          title={t("dataTable.sortBy", { column: headerText(column) })}
        >
          {content}
          <span className="data-table__sort-icon" aria-hidden="true" data-sorted={sorted || "none"}>
            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
          </span>
        </button>
      ) : (
        content
      )}
    </th>
  );
}
