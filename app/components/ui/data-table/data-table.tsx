import { lazy, Suspense, useId, useRef, useState, type ReactNode } from "react";
import type { SortingState } from "@tanstack/react-table";
import {
  DATA_TABLE_VIRTUALISE_FROM,
  DATA_TABLE_OVERSCAN,
  DATA_TABLE_PAGE_SIZE,
  DATA_TABLE_PAGE_SIZE_OPTIONS,
  DATA_TABLE_ROW_HEIGHT,
  DATA_TABLE_VIEWPORT_ROWS,
  type DataTableColumn,
} from "./data-table-defaults";
import { DataTableBody } from "./data-table-body";
import { DataTableHeaderCell } from "./data-table-header-cell";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableStatus } from "./data-table-status";
import { DataTableToolbar } from "./data-table-toolbar";
import { useDataTable } from "./use-data-table";
import type { DataTableVirtualisedBodyProps } from "./data-table-virtualised-body";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";

/**
 * The body of a long page, with TanStack Virtual: a chunk of its own, loaded only when a table has a long
 * page once hydrated (the portal's tables use the default page sizes, below `DATA_TABLE_VIRTUALISE_FROM`,
 * so their pages never download it).
 */
// `lazy` drops the component's type parameter: the cast gives it back (the props are the module's own).
const DataTableVirtualisedBody = lazy(() => import("./data-table-virtualised-body")) as unknown as <TData>(
  props: DataTableVirtualisedBodyProps<TData>,
) => ReactNode;

export * from "./data-table-defaults";

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

/**
 * A data table on TanStack Table v8: sorting (header buttons with `aria-sort`), a text filter that
 * ignores accents and case (pt-PT), pagination with rows-per-page, optional row selection, loading and
 * empty states. A page of `DATA_TABLE_VIRTUALISE_FROM` rows or more is virtualised with TanStack Virtual
 * once the page has hydrated, the virtualiser's chunk has arrived and the scroll box is measured (until
 * then it shows every row of the page in its scroll box); shorter pages show every row and never load
 * the virtualiser. The server
 * (and the first client render) outputs the current page's rows plainly, so the first page is in the
 * HTML and reads without JavaScript; the controls that need scripts (sorting, filter, rows per page,
 * page buttons) appear once hydrated: without scripts nothing offers what cannot work.
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
  caption,
  captionHidden = false,
  pageSizeOptions = DATA_TABLE_PAGE_SIZE_OPTIONS,
  filterable = true,
  filterLabel,
  filterPlaceholder,
  loading = false,
  emptyMessage,
  rowHeight = DATA_TABLE_ROW_HEIGHT,
  overscan = DATA_TABLE_OVERSCAN,
  className,
  // The table's own state (data, columns, sorting, selection, page size) is the hook's business.
  ...tableOptions
}: DataTableProps<TData>) {
  const { data, pageSize = DATA_TABLE_PAGE_SIZE } = tableOptions;
  const id = useId();
  const captionId = `${id}-caption`;
  const hydrated = useHydrated();
  const { table, globalFilter, setGlobalFilter } = useDataTable(tableOptions);
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const longPage = !loading && rows.length >= DATA_TABLE_VIRTUALISE_FROM;
  const [windowed, setWindowed] = useState(false);
  const virtualised = longPage && hydrated && windowed;
  const body = {
    rows,
    columns: table.getVisibleLeafColumns(),
    rowHeight,
    loading,
    filteredOut: globalFilter !== "" && data.length > 0,
    emptyMessage,
  };
  const plainBody = <DataTableBody {...body} />;

  return (
    <div className={className ? `data-table ${className}` : "data-table"} data-virtualised={virtualised ? "true" : "false"}>
      {filterable ? (
        <DataTableToolbar
          id={`${id}-filter`}
          value={globalFilter}
          onChange={setGlobalFilter}
          interactive={hydrated}
          label={filterLabel}
          placeholder={filterPlaceholder}
        />
      ) : null}
      <DataTableStatus loading={loading} count={table.getFilteredRowModel().rows.length} />
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
                  <DataTableHeaderCell key={header.id} header={header} interactive={hydrated} />
                ))}
              </tr>
            ))}
          </thead>
          {longPage && hydrated ? (
            // Until the virtualiser's chunk arrives, the page's rows as the server sent them.
            <Suspense fallback={plainBody}>
              <DataTableVirtualisedBody {...body} scrollRef={scrollRef} overscan={overscan} onVirtualised={setWindowed} />
            </Suspense>
          ) : (
            plainBody
          )}
        </table>
      </div>
      <DataTablePagination
        table={table}
        pageSizeId={`${id}-page-size`}
        pageSize={pageSize}
        pageSizeOptions={pageSizeOptions}
        interactive={hydrated}
      />
    </div>
  );
}
