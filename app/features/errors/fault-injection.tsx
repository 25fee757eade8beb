import { useSearchParams } from "react-router";
import { FAULT_QUERY, SERVER_FAULT_MESSAGE } from "./fault-query";

// Test-only: with AREAOE_ENABLE_FAULT_INJECTION=1 (set only by playwright.config.ts) the query
// `__fault=ssr` breaks the server render, so the end-to-end tests can see the root's error screen (500,
// its Retry and the request's reference) on a production build. Off, it renders nothing and reads
// nothing; on, a visitor can only break their own page view. A rendering fault in the browser is an
// island's (`__fault=render`, app/islands/island-fault.tsx): React Router runs on the server only.
export function FaultInjection({ enabled }: { enabled: boolean | undefined }) {
  if (!enabled) return null;
  return <ServerFault />;
}

function ServerFault() {
  const [params] = useSearchParams();
  if (params.get(FAULT_QUERY) === "ssr") throw new Error(SERVER_FAULT_MESSAGE);
  return null;
}
