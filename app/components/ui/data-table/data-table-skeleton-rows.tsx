import type { Column } from "@tanstack/react-table";
import { DATA_TABLE_LOADING_ROWS } from "./data-table-defaults";

/** Placeholder rows while the data are being fetched (hidden from screen readers: the status says 'Loading…'). */
export function DataTableSkeletonRows<TData>({ columns, rowHeight }: { columns: Column<TData, unknown>[]; rowHeight: number }) {
  return Array.from({ length: DATA_TABLE_LOADING_ROWS }, (_, index) => (
    <tr key={`loading-${index}`} className="data-table__skeleton-row" aria-hidden="true" style={{ height: rowHeight }}>
      {columns.map((column) => (
        <td key={column.id}>
          <span className="data-table__skeleton" />
        </td>
      ))}
    </tr>
  ));
}
