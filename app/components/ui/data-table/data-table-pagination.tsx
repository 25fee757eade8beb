import type { Table } from "@tanstack/react-table";
import { useTranslation } from "~/i18n/use-translation";

export interface DataTablePaginationProps<TData> {
  table: Table<TData>;
  /** Id of the 'Rows per page' select. */
  pageSizeId: string;
  /** The table's default page size, always among the choices. */
  pageSize: number;
  pageSizeOptions: readonly number[];
  /** False until hydrated: the controls need scripts. */
  interactive: boolean;
}

/**
 * Rows per page, 'Page n of m' and the first/previous/next/last buttons. Before hydration (and without
 * scripts) none of the controls is there, since none could work: only 'Page n of m', and only when
 * there is more than one page.
 */
export function DataTablePagination<TData>({ table, pageSizeId, pageSize, pageSizeOptions, interactive }: DataTablePaginationProps<TData>) {
  const { t } = useTranslation("ui");
  const { pagination } = table.getState();
  const pageCount = Math.max(1, table.getPageCount());
  const canPrevious = table.getCanPreviousPage();
  const canNext = table.getCanNextPage();
  const pageOf = <p className="data-table__page-of">{t("dataTable.pageOf", { page: pagination.pageIndex + 1, pages: pageCount })}</p>;
  if (!interactive) return pageCount > 1 ? <div className="data-table__pagination">{pageOf}</div> : null;
  return (
    <nav className="data-table__pagination" aria-label={t("dataTable.pagination")}>
      <div className="data-table__page-size">
        <label htmlFor={pageSizeId}>{t("dataTable.rowsPerPage")}</label>
        <select
          id={pageSizeId}
          className="select"
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
      {pageOf}
      <div className="data-table__page-buttons">
        <button type="button" className="button button--secondary" onClick={() => table.firstPage()} disabled={!canPrevious}>
          {t("dataTable.first")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => table.previousPage()} disabled={!canPrevious}>
          {t("dataTable.previous")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => table.nextPage()} disabled={!canNext}>
          {t("dataTable.next")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => table.lastPage()} disabled={!canNext}>
          {t("dataTable.last")}
        </button>
      </div>
    </nav>
  );
}
