// Test-only fault injection (AREAOE_ENABLE_FAULT_INJECTION=1, set only by playwright.config.ts): the query
// that asks for a fault and what an injected fault says. Read by the root's server fault
// (./fault-injection.tsx), by the server entry (app/entry.server.tsx decides whether the islands' manifest
// asks for the fault) and by the islands' fault (app/islands/island-fault.tsx), never by the islands' runtime.

/** The query parameter: `render` breaks the islands in the browser, `ssr` the server render. */
export const FAULT_QUERY = "__fault";

/** The message of an injected rendering fault in an island. */
export const RENDER_FAULT_MESSAGE = "Injected rendering fault";

/** The message of an injected fault of the server render. */
export const SERVER_FAULT_MESSAGE = "Injected server rendering fault";

/** Whether an address asks for a rendering fault in the browser (`?__fault=render`). */
export function asksForRenderFault(search: string): boolean {
  return new URLSearchParams(search).get(FAULT_QUERY) === "render";
}
