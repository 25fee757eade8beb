import { flexRender, type Row } from "@tanstack/react-table";
import { DATA_TABLE_SELECTION_COLUMN_ID } from "./data-table-defaults";

/** A body row; `measure` lets the virtualiser read its real height. */
export function DataTableRow<TData>({
  row,
  index,
  rowHeight,
  measure,
}: {
  row: Row<TData>;
  index: number;
  rowHeight: number;
  measure?: (node: HTMLTableRowElement | null) => void;
}) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      data-selected={row.getIsSelected() || undefined}
      style={{ height: rowHeight }}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={cell.column.id === DATA_TABLE_SELECTION_COLUMN_ID ? "data-table__selection-cell" : undefined}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}
