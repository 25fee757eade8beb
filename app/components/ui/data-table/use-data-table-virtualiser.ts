import { useEffect, type RefObject } from "react";
import type { Row } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";

/**
 * Virtualises a long page with TanStack Virtual in the scroll box `scrollRef`. Only the virtualised body
 * (./data-table-virtualised-body.tsx, a chunk of its own) calls it, so a table that never has a long page
 * never loads TanStack Virtual. Until the scroll box is measured there are no items: the page renders
 * plainly. `onVirtualised` hears whether the window is in use (the table marks itself with it).
 */
export function useDataTableVirtualiser<TData>({
  rows,
  scrollRef,
  rowHeight,
  overscan,
  onVirtualised,
}: {
  rows: Row<TData>[];
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  overscan: number;
  onVirtualised: (virtualised: boolean) => void;
}) {
  // TanStack Virtual returns fresh functions each render by design; the React Compiler skips this hook.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const virtualised = items.length > 0;
  useEffect(() => {
    onVirtualised(virtualised);
  }, [onVirtualised, virtualised]);
  useEffect(() => () => onVirtualised(false), [onVirtualised]);
  return { virtualised, virtualizer, items };
}
