import type { ServerBuild } from "react-router";
import { BASE_URL } from "../../app/server-surface";

/**
 * A small React Router server build for tests of the request chain (request-chain.test.ts): one root
 * route and a catch-all page whose document is a known body, rendered by React Router's own request
 * handler (its routing, status and headers), without the portal's real build. `onRender` may hold a
 * render (to fill the render slots) or throw.
 */
export function stubServerBuild({ body, onRender }: { body: string; onRender?: (request: Request) => Promise<void> | void }): ServerBuild {
  const component = () => null;
  const routeAssets = (id: string, parentId?: string, path?: string) => ({
    id,
    ...(parentId ? { parentId } : {}),
    ...(path === undefined ? {} : { path }),
    module: `/stub/${id}.js`,
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: id === "root",
  });
  return {
    entry: {
      module: {
        default: async (request: Request, status: number, headers: Headers) => {
          await onRender?.(request);
          headers.set("Content-Type", "text/html; charset=utf-8");
          return new Response(body, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: component, ErrorBoundary: component } },
      page: { id: "page", parentId: "root", path: "*", module: { default: component } },
    },
    assets: {
      version: "stub-build",
      url: "/stub/manifest.js",
      entry: { module: "/stub/entry.client.js", imports: [] },
      routes: { root: routeAssets("root", undefined, ""), page: routeAssets("page", "root", "*") },
    },
    publicPath: BASE_URL,
    assetsBuildDirectory: "build/client",
    basename: BASE_URL,
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
