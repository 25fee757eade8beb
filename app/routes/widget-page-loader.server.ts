import type { RouterContextProvider } from "react-router";
import { portalContext, type AreaOELoadContext } from "~/load-context";

/**
 * The server loader of a content page with widgets (app/routes/widget-content-page.tsx): `answer` gives
 * what the widgets show (a GET form's answer read from the address, data of the server) from the page's
 * address and the portal's per-request values. Server only: the client build never sees the load context.
 */
export function widgetPageLoader<Data>(answer: (url: URL, portal: AreaOELoadContext) => Data) {
  return async ({ url, context }: { url: URL; context: Readonly<RouterContextProvider> }): Promise<Awaited<Data>> => await answer(url, portalContext(context));
}
