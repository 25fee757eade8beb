import type { ColumnDef } from "@tanstack/react-table";

// The data table's defaults (the specification's: page size 10, rows per page 10/15/25/50, row 41 px,
// overscan 5, 2 loading rows, columns 150 px, selection 42 px, filter locale pt-PT), in one place;
// data-table.tsx re-exports them for its users.

/** Rows per page unless `pageSize` is given (the specification's data-table default). */
export const DATA_TABLE_PAGE_SIZE = 10;
/** Choices of the 'Rows per page' select (the specification's data-table default). */
export const DATA_TABLE_PAGE_SIZE_OPTIONS: readonly number[] = [10, 15, 25, 50];
/** Estimated height in px of a body row, for the virtualiser (the specification's data-table default). */
export const DATA_TABLE_ROW_HEIGHT = 41;
/** Rows rendered above and below the visible ones when virtualised (the specification's data-table default). */
export const DATA_TABLE_OVERSCAN = 5;
/** Skeleton rows shown while loading (the specification's data-table default). */
export const DATA_TABLE_LOADING_ROWS = 2;
/** Width in px of a column without its own `size` (the specification's data-table default). */
export const DATA_TABLE_COLUMN_WIDTH = 150;
/** Width in px of the selection (checkbox) column (the specification's data-table default). */
export const DATA_TABLE_SELECTION_COLUMN_WIDTH = 42;
/** Locale used to compare, sort and filter table texts (the specification's data-table default). */
export const DATA_TABLE_FILTER_LOCALE = "pt-PT";
/** Body rows visible before a virtualised table scrolls inside its own box. */
export const DATA_TABLE_VIEWPORT_ROWS = 10;
/**
 * Rows on one page from which the body is virtualised (rendered in a scroll box of
 * `DATA_TABLE_VIEWPORT_ROWS` rows). Below it every row of the page is in the document: a few dozen
 * rows cost little to render, and rows that are really there can be read in full, found with the
 * browser's search, printed and browsed by screen readers. The default page sizes (10 to 50) stay below it.
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
