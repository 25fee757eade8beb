import type { ComponentType } from "react";
import { useLoaderData } from "react-router";
import type { PageId } from "~/config/site-map";
import { ContentPage } from "~/features/content/content-page";
import { mdxComponents } from "~/mdx/mdx-components";

/**
 * A content page plus widgets answered by the route's loader: the page is its content file
 * (content/<lang>/<id>.mdx), which places each widget by name; a widget gets the loader data. The
 * widgets are GET forms the server answers (so they work without JavaScript); one that needs script is
 * an island (app/islands/island.tsx), which once hydrated answers the same address with the same rules
 * itself (useAddressAnswer: the address bar, no router). Each route module keeps only its own part:
 *
 *     export const meta = pageMeta(id);
 *     export const loader = widgetPageLoader((url, portal) => …);   // widget-page-loader.server.ts
 *     export default widgetContentPage<typeof loader>(id, { WidgetName: ({ data }) => … });
 */
export function widgetContentPage<Loader>(
  id: PageId,
  widgets: Record<string, ComponentType<{ data: ReturnType<typeof useLoaderData<Loader>> }>>,
) {
  const components: Record<string, unknown> = { ...mdxComponents };
  for (const [name, Widget] of Object.entries(widgets)) {
    components[name] = function LoaderDataWidget() {
      return <Widget data={useLoaderData<Loader>()} />;
    };
  }
  return function Page() {
    return <ContentPage id={id} components={components} />;
  };
}
