import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type FilterFn,
  type PaginationState,
  type RowSelectionState,
  type SortingFn,
  type SortingState,
} from "@tanstack/react-table";
import { compareCellValues, matchesFilter } from "./data-table-filter";
import {
  DATA_TABLE_COLUMN_WIDTH,
  DATA_TABLE_PAGE_SIZE,
  DATA_TABLE_SELECTION_COLUMN_ID,
  type DataTableColumn,
} from "./data-table-defaults";
import { selectionColumn } from "./data-table-selection-column";

const filterByText: FilterFn<unknown> = (row, columnId, query) => matchesFilter(row.getValue(columnId), String(query ?? ""));

const sortByCollation: SortingFn<unknown> = (a, b, columnId) => compareCellValues(a.getValue(columnId), b.getValue(columnId));

const NO_SORTING: SortingState = [];

export interface UseDataTableOptions<TData> {
  columns: DataTableColumn<TData>[];
  data: TData[];
  getRowId?: (row: TData, index: number) => string;
  pageSize?: number;
  initialSorting?: SortingState;
  selectable?: boolean;
  onSelectionChange?: (rows: TData[]) => void;
  getRowLabel?: (row: TData, index: number) => string;
}

/**
 * The TanStack Table instance of a DataTable and its state: sorting with the pt-PT collator, a text
 * filter that ignores accents and case, pagination and optional row selection.
 */
export function useDataTable<TData>({
  columns,
  data,
  getRowId,
  pageSize = DATA_TABLE_PAGE_SIZE,
  initialSorting = NO_SORTING,
  selectable = false,
  onSelectionChange,
  getRowLabel,
}: UseDataTableOptions<TData>) {
  const { t } = useTranslation(["ui", "common"]);
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  const allColumns = useMemo<DataTableColumn<TData>[]>(
    () => (selectable ? [selectionColumn(t, getRowLabel), ...columns] : columns),
    [columns, selectable, getRowLabel, t],
  );

  // TanStack Table returns fresh functions each render by design; the React Compiler skips this hook.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<TData>({
    data,
    columns: allColumns,
    getRowId,
    state: { sorting, globalFilter, pagination, rowSelection },
    defaultColumn: { size: DATA_TABLE_COLUMN_WIDTH, sortingFn: sortByCollation as SortingFn<TData> },
    globalFilterFn: filterByText as FilterFn<TData>,
    getColumnCanGlobalFilter: (column) => column.columnDef.enableGlobalFilter !== false && column.id !== DATA_TABLE_SELECTION_COLUMN_ID,
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    onRowSelectionChange: setRowSelection,
    enableRowSelection: selectable,
    // Every column sorts ascending on the first press, whatever its value type.
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  useEffect(() => {
    if (!onSelectionChange) return;
    onSelectionChange(table.getSelectedRowModel().flatRows.map((row) => row.original));
    // Only a change of the selection reports it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowSelection]);

  return { table, globalFilter, setGlobalFilter };
}
