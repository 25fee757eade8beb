/**
 * The development server, loaded through Vite (server/dev.ts): the same boot and request path as
 * production (server/boot.ts: front door, early answer, page cache when switched on, Express app),
 * with Vite's middlewares for its client and hot reloading, and the React Router build loaded through
 * Vite on each request. Loaded by Vite, not by Node, because the app's modules that the server uses
 * (through app/server-surface.ts) rely on Vite's transforms (import.meta.glob).
 */
import type { ViteDevServer } from "vite";
import type { ServerBuild } from "react-router";
import { boot } from "./boot";
import { settingsOfThisProcess } from "./config/settings";

export async function startDevServer(vite: ViteDevServer): Promise<void> {
  // Pages change as they are edited: the page cache is off unless AREAOE_PAGE_CACHE=on says otherwise.
  const settings = settingsOfThisProcess({ pageCache: "off" });
  await boot(settings, {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    devMiddleware: vite.middlewares,
    label: "development",
  });
}
