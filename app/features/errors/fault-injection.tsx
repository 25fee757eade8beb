import { useSearchParams } from "react-router";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";

// Test-only: with AREAOE_ENABLE_FAULT_INJECTION=1 (set only by playwright.config.ts) the query
// `__fault=render` breaks the page content in the browser and `__fault=ssr` breaks the server
// render, so the end-to-end tests can see the boundaries and the reporter on a production build.
// Off, it renders nothing and reads nothing; on, a visitor can only break their own page view.
// A page with islands runs no root in the browser: its islands have their own switch, with the same query
// and message (app/islands/island-fault.tsx, app/features/errors/fault-query.ts). Written twice on purpose:
// imported from here, the bundler put fault-query.ts in a chunk with this module, whose React Router the
// island chunks then loaded (the build refuses that); island.test.tsx checks they agree.
export const FAULT_QUERY = "__fault";

export function FaultInjection({ enabled }: { enabled: boolean | undefined }) {
  if (!enabled) return null;
  return <FaultSwitch />;
}

function FaultSwitch() {
  const [params] = useSearchParams();
  // The server render and the hydration pass see false; the browser's renders after it see true.
  const inBrowser = useHydrated();
  const fault = params.get(FAULT_QUERY);
  if (fault === "ssr" && !inBrowser) throw new Error("Injected server rendering fault");
  if (fault === "render" && inBrowser) throw new Error("Injected rendering fault");
  return null;
}
