// Test-only fault injection (AREAOE_ENABLE_FAULT_INJECTION=1, set only by playwright.config.ts): the query
// that asks for a fault and what an injected rendering fault says. Shared by the root's switch
// (./fault-injection.tsx) and the islands' (app/islands/island-fault.tsx); no React Router here, so
// an island may import it.

/** The query parameter: `render` breaks the page's content in the browser, `ssr` the server render. */
export const FAULT_QUERY = "__fault";

/** The message of an injected rendering fault in the browser. */
export const RENDER_FAULT_MESSAGE = "Injected rendering fault";

/** Whether an address asks for a rendering fault in the browser (`?__fault=render`). */
export function asksForRenderFault(search: string): boolean {
  return new URLSearchParams(search).get(FAULT_QUERY) === "render";
}
