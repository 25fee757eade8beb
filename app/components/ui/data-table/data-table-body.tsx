import type { Column, Row } from "@tanstack/react-table";
// A type only: TanStack Virtual itself is loaded with the virtualised body (./data-table-virtualised-body.tsx).
import type { VirtualItem } from "@tanstack/react-virtual";
import { useTranslation } from "~/i18n/use-translation";
import { DataTableRow } from "./data-table-row";
import { DataTableSkeletonRows } from "./data-table-skeleton-rows";
import { DataTableSpacerRow } from "./data-table-spacer-row";

/** The rendered window of a virtualised page. */
export interface DataTableWindow {
  items: VirtualItem[];
  totalSize: number;
  measure: (node: HTMLTableRowElement | null) => void;
}

export interface DataTableBodyProps<TData> {
  rows: Row<TData>[];
  columns: Column<TData, unknown>[];
  rowHeight: number;
  loading: boolean;
  /** The filter hides every row of a non-empty table: 'No results found.' instead of the empty message. */
  filteredOut: boolean;
  emptyMessage?: string;
  /** Set when the page is virtualised: only this window of rows is rendered, between spacers. */
  window?: DataTableWindow;
}

/** The <tbody>: skeleton rows while loading, the empty state, or the page's rows (virtualised or not). */
export function DataTableBody<TData>({ rows, columns, rowHeight, loading, filteredOut, emptyMessage, window }: DataTableBodyProps<TData>) {
  const { t } = useTranslation("common");
  if (loading) {
    return (
      <tbody>
        <DataTableSkeletonRows columns={columns} rowHeight={rowHeight} />
      </tbody>
    );
  }
  if (rows.length === 0) {
    return (
      <tbody>
        <tr>
          <td colSpan={columns.length} className="data-table__empty">
            {filteredOut ? t("states.noResults") : (emptyMessage ?? t("states.nothingToShow"))}
          </td>
        </tr>
      </tbody>
    );
  }
  if (!window) {
    return (
      <tbody>
        {rows.map((row, index) => (
          <DataTableRow key={row.id} row={row} index={index} rowHeight={rowHeight} />
        ))}
      </tbody>
    );
  }
  const paddingTop = window.items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, window.totalSize - (window.items[window.items.length - 1]?.end ?? 0));
  return (
    <tbody>
      {paddingTop > 0 ? <DataTableSpacerRow height={paddingTop} columnCount={columns.length} /> : null}
      {window.items.map((item) => {
        const row = rows[item.index];
        return row ? <DataTableRow key={row.id} row={row} index={item.index} rowHeight={rowHeight} measure={window.measure} /> : null;
      })}
      {paddingBottom > 0 ? <DataTableSpacerRow height={paddingBottom} columnCount={columns.length} /> : null}
    </tbody>
  );
}
