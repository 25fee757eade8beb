import type { TFunction } from "~/i18n/text-keys";
import { DATA_TABLE_SELECTION_COLUMN_ID, DATA_TABLE_SELECTION_COLUMN_WIDTH, type DataTableColumn } from "./data-table-defaults";

/** The checkbox column of a selectable table: 'select all' on the page in the header, one per row. */
export function selectionColumn<TData>(
  t: TFunction<"ui">,
  getRowLabel?: (row: TData, index: number) => string,
): DataTableColumn<TData> {
  return {
    id: DATA_TABLE_SELECTION_COLUMN_ID,
    size: DATA_TABLE_SELECTION_COLUMN_WIDTH,
    enableSorting: false,
    enableGlobalFilter: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        className="data-table__checkbox"
        aria-label={t("ui:dataTable.selectAll")}
        checked={table.getIsAllPageRowsSelected()}
        ref={(node) => {
          if (node) node.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="data-table__checkbox"
        aria-label={t("ui:dataTable.selectRow", {
          row: getRowLabel ? getRowLabel(row.original, row.index) : t("ui:dataTable.rowLabel", { index: row.index + 1 }),
        })}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
