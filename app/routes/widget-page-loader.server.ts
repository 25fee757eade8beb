import type { RouterContextProvider } from "react-router";
import type { PageId } from "~/config/site-map";
import { loadContent } from "~/features/content/lazy-content";
import { portalContext, type AreaOELoadContext } from "~/load-context";

/**
 * The server loader of a content page with widgets (app/routes/widget-content-page.tsx): the page's
 * content file in the visitor's language is loaded first, so the render reads it without waiting, then
 * `answer` gives what the widgets show (a GET form's answer read from the address, data of the server).
 * Server only: the client build never sees the load context.
 */
export function widgetPageLoader<Data>(id: PageId, answer: (url: URL, portal: AreaOELoadContext) => Data) {
  return async ({ url, context }: { url: URL; context: Readonly<RouterContextProvider> }): Promise<Awaited<Data>> => {
    const portal = portalContext(context);
    await loadContent(id, portal.lang);
    return await answer(url, portal);
  };
}
