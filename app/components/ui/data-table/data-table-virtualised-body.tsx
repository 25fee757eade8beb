import type { RefObject } from "react";
import { DataTableBody, type DataTableBodyProps } from "./data-table-body";
import { useDataTableVirtualiser } from "./use-data-table-virtualiser";

export interface DataTableVirtualisedBodyProps<TData> extends Omit<DataTableBodyProps<TData>, "window"> {
  scrollRef: RefObject<HTMLDivElement | null>;
  overscan: number;
  onVirtualised: (virtualised: boolean) => void;
}

/**
 * The body of a long page (`DATA_TABLE_VIRTUALISE_FROM` rows or more) once hydrated: only the window of
 * rows TanStack Virtual picks, between spacers. Loaded on demand by ./data-table.tsx (its default export,
 * for `lazy`), so TanStack Virtual is in this chunk and no page whose tables stay short downloads it.
 */
export default function DataTableVirtualisedBody<TData>({ scrollRef, overscan, onVirtualised, ...body }: DataTableVirtualisedBodyProps<TData>) {
  const { virtualised, virtualizer, items } = useDataTableVirtualiser({
    rows: body.rows,
    scrollRef,
    rowHeight: body.rowHeight,
    overscan,
    onVirtualised,
  });
  return (
    <DataTableBody
      {...body}
      window={virtualised ? { items, totalSize: virtualizer.getTotalSize(), measure: virtualizer.measureElement } : undefined}
    />
  );
}
