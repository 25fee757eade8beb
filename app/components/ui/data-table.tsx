import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type FilterFn,
  type Header,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingFn,
  type SortingState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { compareCellValues, matchesFilter } from "./data-table-filter";
import { useHydrated } from "./use-hydrated";
import "./form-controls.css";
import "./data-table.css";

/** Rows per page unless `pageSize` is given (SPEC §9). */
export const DATA_TABLE_PAGE_SIZE = 10;
/** Choices of the 'Rows per page' select (SPEC §9). */
export const DATA_TABLE_PAGE_SIZE_OPTIONS: readonly number[] = [10, 15, 25, 50];
/** Estimated height in px of a body row, for the virtualiser (SPEC §9). */
export const DATA_TABLE_ROW_HEIGHT = 41;
/** Rows rendered above and below the visible ones when virtualised (SPEC §9). */
export const DATA_TABLE_OVERSCAN = 5;
/** Skeleton rows shown while loading (SPEC §9). */
export const DATA_TABLE_LOADING_ROWS = 2;
/** Width in px of a column without its own `size` (SPEC §9). */
export const DATA_TABLE_COLUMN_WIDTH = 150;
/** Width in px of the selection (checkbox) column (SPEC §9). */
export const DATA_TABLE_SELECTION_COLUMN_WIDTH = 42;
/** Body rows visible before a virtualised table scrolls inside its own box. */
export const DATA_TABLE_VIEWPORT_ROWS = 10;
/**
 * Rows on one page from which the body is virtualised (rendered in a scroll box of
 * `DATA_TABLE_VIEWPORT_ROWS` rows). Below it every row of the page is in the document: a few dozen
 * rows cost little to render, and rows that are really there can be read in full, found with the
 * browser's search, printed and browsed by screen readers. SPEC §9's page sizes (10 to 50) stay below it.
 */
export const DATA_TABLE_VIRTUALISE_FROM = 100;
/** Id of the selection column. */
export const DATA_TABLE_SELECTION_COLUMN_ID = "select";

/**
 * A cell value column definition of TanStack Table v8. `any` is TanStack's own convention for the value
 * type, so columns made with `createColumnHelper<T>()` of different value types fit in one array.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<TData> = ColumnDef<TData, any>;

export interface DataTableProps<TData> {
  /** TanStack column definitions (`accessorKey`/`accessorFn`, `header`, optional `cell`, `size`, `enableSorting`). */
  columns: DataTableColumn<TData>[];
  data: TData[];
  /** A stable id per row (default: its index). */
  getRowId?: (row: TData, index: number) => string;
  /** The table's caption (its accessible name). Required. */
  caption: ReactNode;
  /** Hide the caption visually (it stays for screen readers). */
  captionHidden?: boolean;
  /** Rows per page, default `DATA_TABLE_PAGE_SIZE`. */
  pageSize?: number;
  /** Choices of 'Rows per page', default `DATA_TABLE_PAGE_SIZE_OPTIONS`. */
  pageSizeOptions?: readonly number[];
  /** Show the text filter (default true). */
  filterable?: boolean;
  /** Label of the filter field (default 'Filter the table'). */
  filterLabel?: string;
  /** Placeholder of the filter field. */
  filterPlaceholder?: string;
  /** Data are being fetched: skeleton rows and 'Loading…'. */
  loading?: boolean;
  /** Text of an empty table (default 'Nothing to show.'). */
  emptyMessage?: string;
  /** Initial sort, e.g. `[{ id: "date", desc: true }]`. */
  initialSorting?: SortingState;
  /** Adds a checkbox column; `onSelectionChange` receives the selected rows. */
  selectable?: boolean;
  onSelectionChange?: (rows: TData[]) => void;
  /** Names a row for its checkbox label ('Select <label>'); default 'row N'. */
  getRowLabel?: (row: TData, index: number) => string;
  rowHeight?: number;
  overscan?: number;
  className?: string;
}

const filterByText: FilterFn<unknown> = (row, columnId, query) => matchesFilter(row.getValue(columnId), String(query ?? ""));

const sortByCollation: SortingFn<unknown> = (a, b, columnId) => compareCellValues(a.getValue(columnId), b.getValue(columnId));

function headerText<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === "string" ? header : column.id;
}

/**
 * A data table on TanStack Table v8: sorting (header buttons with `aria-sort`), a text filter that
 * ignores accents and case (pt-PT), pagination with rows-per-page, optional row selection, loading and
 * empty states. A page of `DATA_TABLE_VIRTUALISE_FROM` rows or more is virtualised with TanStack Virtual
 * once the page has hydrated and the scroll box is measured; shorter pages show every row. The server
 * (and the first client render) outputs the current page's rows plainly, so the first page is in the
 * HTML and reads without JavaScript; the controls that need scripts (sorting, filter, rows per page,
 * page buttons) stay disabled until then, as the security header form does.
 *
 * ```tsx
 * const columns: DataTableColumn<Doc>[] = [
 *   { accessorKey: "title", header: t("title"), size: 300 },
 *   { accessorKey: "date", header: t("date"), cell: (c) => formatDate(c.getValue()) },
 *   { id: "link", header: t("download"), cell: (c) => <a href={c.row.original.href}>…</a>, enableSorting: false },
 * ];
 * <DataTable caption={t("caption")} columns={columns} data={docs} getRowId={(d) => d.id}
 *   filterPlaceholder={t("filterHint")} pageSize={10} />
 * ```
 */
export function DataTable<TData>({
  columns,
  data,
  getRowId,
  caption,
  captionHidden = false,
  pageSize = DATA_TABLE_PAGE_SIZE,
  pageSizeOptions = DATA_TABLE_PAGE_SIZE_OPTIONS,
  filterable = true,
  filterLabel,
  filterPlaceholder,
  loading = false,
  emptyMessage,
  initialSorting = [],
  selectable = false,
  onSelectionChange,
  getRowLabel,
  rowHeight = DATA_TABLE_ROW_HEIGHT,
  overscan = DATA_TABLE_OVERSCAN,
  className,
}: DataTableProps<TData>) {
  const { t } = useTranslation(["ui", "common"]);
  const id = useId();
  const captionId = `${id}-caption`;
  const filterId = `${id}-filter`;
  const pageSizeId = `${id}-page-size`;
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  const allColumns = useMemo<DataTableColumn<TData>[]>(() => {
    if (!selectable) return columns;
    const selection: DataTableColumn<TData> = {
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
    return [selection, ...columns];
  }, [columns, selectable, getRowLabel, t]);

  // TanStack Table returns fresh functions each render by design; the React Compiler skips this component.
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

  const rows = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;
  const columnCount = table.getVisibleLeafColumns().length;
  const pageCount = Math.max(1, table.getPageCount());

  const scrollRef = useRef<HTMLDivElement>(null);
  const longPage = !loading && rows.length >= DATA_TABLE_VIRTUALISE_FROM;
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    enabled: longPage,
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const hydrated = useHydrated();
  const virtualItems = virtualizer.getVirtualItems();
  // Until hydrated and measured there is no scroll box to virtualise against: render the page plainly.
  const virtualised = longPage && hydrated && virtualItems.length > 0;

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: DATA_TABLE_LOADING_ROWS }, (_, index) => (
      <tr key={`loading-${index}`} className="data-table__skeleton-row" aria-hidden="true" style={{ height: rowHeight }}>
        {table.getVisibleLeafColumns().map((column) => (
          <td key={column.id}>
            <span className="data-table__skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="data-table__empty">
          {globalFilter && data.length > 0 ? t("common:states.noResults") : (emptyMessage ?? t("common:states.nothingToShow"))}
        </td>
      </tr>
    );
  } else if (virtualised) {
    const first = virtualItems[0];
    const last = virtualItems[virtualItems.length - 1];
    const paddingTop = first?.start ?? 0;
    const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (last?.end ?? 0));
    body = (
      <>
        {paddingTop > 0 ? <SpacerRow height={paddingTop} columnCount={columnCount} /> : null}
        {virtualItems.map((item) => {
          const row = rows[item.index];
          return row ? (
            <BodyRow key={row.id} row={row} index={item.index} rowHeight={rowHeight} measure={virtualizer.measureElement} />
          ) : null;
        })}
        {paddingBottom > 0 ? <SpacerRow height={paddingBottom} columnCount={columnCount} /> : null}
      </>
    );
  } else {
    body = rows.map((row, index) => <BodyRow key={row.id} row={row} index={index} rowHeight={rowHeight} />);
  }

  return (
    <div className={className ? `data-table ${className}` : "data-table"} data-virtualised={virtualised ? "true" : "false"}>
      {filterable ? (
        <div className="data-table__toolbar">
          <div className="data-table__filter">
            <label htmlFor={filterId}>{filterLabel ?? t("ui:dataTable.filterLabel")}</label>
            <input
              id={filterId}
              type="search"
              className="input"
              disabled={!hydrated}
              autoComplete="off"
              placeholder={filterPlaceholder ?? t("ui:dataTable.filterPlaceholder")}
              value={globalFilter}
              onChange={(event) => setGlobalFilter(event.target.value)}
            />
          </div>
        </div>
      ) : null}
      <p className="data-table__status" role="status">
        {loading ? t("common:states.loading") : t("ui:dataTable.results", { count: filteredCount })}
      </p>
      <div
        ref={scrollRef}
        className="data-table__scroll"
        role="region"
        aria-labelledby={captionId}
        // A keyboard user must be able to scroll the box (WCAG 2.1.1): a named, focusable region.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        // A short page is shown whole in the page; only a long one scrolls in its own box.
        style={longPage ? { maxHeight: rowHeight * (DATA_TABLE_VIEWPORT_ROWS + 1) + 4 } : undefined}
      >
        <table className="data-table__table" aria-busy={loading || undefined} aria-rowcount={loading ? undefined : rows.length + 1}>
          <caption id={captionId} className={captionHidden ? "visually-hidden" : "data-table__caption"}>
            {caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    header={header}
                    interactive={hydrated}
                    sortLabel={(column) => t("ui:dataTable.sortBy", { column })}
                  />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <nav className="data-table__pagination" aria-label={t("ui:dataTable.pagination")}>
        <div className="data-table__page-size">
          <label htmlFor={pageSizeId}>{t("ui:dataTable.rowsPerPage")}</label>
          <select
            id={pageSizeId}
            className="select"
            disabled={!hydrated}
            value={pagination.pageSize}
            onChange={(event) => table.setPageSize(Number(event.target.value))}
          >
            {[...new Set([...pageSizeOptions, pageSize])]
              .sort((a, b) => a - b)
              .map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
          </select>
        </div>
        <p className="data-table__page-of">{t("ui:dataTable.pageOf", { page: pagination.pageIndex + 1, pages: pageCount })}</p>
        <div className="data-table__page-buttons">
          <button type="button" className="button button--secondary" onClick={() => table.firstPage()} disabled={!hydrated || !table.getCanPreviousPage()}>
            {t("ui:dataTable.first")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => table.previousPage()} disabled={!hydrated || !table.getCanPreviousPage()}>
            {t("ui:dataTable.previous")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => table.nextPage()} disabled={!hydrated || !table.getCanNextPage()}>
            {t("ui:dataTable.next")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => table.lastPage()} disabled={!hydrated || !table.getCanNextPage()}>
            {t("ui:dataTable.last")}
          </button>
        </div>
      </nav>
    </div>
  );
}

function HeaderCell<TData>({
  header,
  interactive,
  sortLabel,
}: {
  header: Header<TData, unknown>;
  /** False until hydrated: the sort button cannot work without scripts. */
  interactive: boolean;
  sortLabel: (column: string) => string;
}) {
  const { column } = header;
  const canSort = column.getCanSort();
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
          disabled={!interactive}
          title={sortLabel(headerText(column))}
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

function BodyRow<TData>({
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

function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
