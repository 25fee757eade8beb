import { useRef } from "react";
import type { Row } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { DATA_TABLE_VIRTUALISE_FROM } from "./data-table-defaults";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";

/**
 * Virtualises a long page (`DATA_TABLE_VIRTUALISE_FROM` rows or more) with TanStack Virtual in the
 * scroll box `scrollRef`. Until hydrated and measured there is no scroll box to virtualise against, so
 * `virtualised` stays false and the page renders plainly (the server's HTML has every row of the page).
 */
export function useDataTableVirtualiser<TData>({
  rows,
  loading,
  rowHeight,
  overscan,
}: {
  rows: Row<TData>[];
  loading: boolean;
  rowHeight: number;
  overscan: number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const longPage = !loading && rows.length >= DATA_TABLE_VIRTUALISE_FROM;
  // TanStack Virtual returns fresh functions each render by design; the React Compiler skips this hook.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    enabled: longPage,
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const hydrated = useHydrated();
  const items = virtualizer.getVirtualItems();
  const virtualised = longPage && hydrated && items.length > 0;
  return { scrollRef, longPage, virtualised, virtualizer, items };
}
