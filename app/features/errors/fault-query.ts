// Test-only fault injection (AREAOE_ENABLE_FAULT_INJECTION=1, set only by playwright.config.ts) on pages
// with islands: the query that asks for a fault and what an injected rendering fault says, the same as
// the root's switch (./fault-injection.tsx, which imports React Router; island.test.tsx checks they agree).
// Read by the server (app/entry.server.tsx decides whether the islands' manifest asks for the fault) and
// by the islands' fault (app/islands/island-fault.tsx), never by the islands' runtime.

/** The query parameter: `render` breaks the page's content in the browser, `ssr` the server render. */
export const FAULT_QUERY = "__fault";

/** The message of an injected rendering fault in the browser. */
export const RENDER_FAULT_MESSAGE = "Injected rendering fault";

/** Whether an address asks for a rendering fault in the browser (`?__fault=render`). */
export function asksForRenderFault(search: string): boolean {
  return new URLSearchParams(search).get(FAULT_QUERY) === "render";
}
