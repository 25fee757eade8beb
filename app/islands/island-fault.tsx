import type { ReactNode } from "react";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";
import { RENDER_FAULT_MESSAGE } from "~/features/errors/fault-query";

/**
 * Test-only: the islands' rendering fault, in the spirit of the root's (app/features/errors/fault-injection.tsx).
 * The runtime (./islands.client.tsx) loads this module, a chunk of its own, only when the head's manifest
 * says fault injection is on (AREAOE_ENABLE_FAULT_INJECTION=1, set only by playwright.config.ts; the server
 * writes the flag only then: ./island-head.ts) and the address asks for it (`?__fault=render`); it then wraps
 * each of the page's islands but the header's search in it. The hydration pass renders the widget as the
 * server did (no mismatch); the render after it throws, inside the island's error boundary (./island-frame.tsx),
 * so the island shows the SPEC's error screen and the error goes to the reporter; Retry fails again.
 * A wrapper, not a sibling of the widget: `useId` stays the server's.
 */
export function IslandFault({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  if (hydrated) throw new Error(RENDER_FAULT_MESSAGE);
  return children;
}
