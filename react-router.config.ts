import type { Config } from "@react-router/dev/config";
import { BASE_URL } from "./app/config/paths";

export default {
  appDirectory: "app",
  // Parallel builds (several developers, benchmarks) may each use their own output folder.
  buildDirectory: process.env.AREAOE_BUILD_DIR ?? "build",
  // Server rendering is not optional: every page's text and links are in the first HTML response.
  ssr: true,
  basename: BASE_URL,
  // Only the routes a visitor reaches are described to the client, not the whole manifest.
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  // React Router 8: middleware (app/load-context.ts: createLoadContext on the server hands React Router a
  // RouterContextProvider; loaders and the server entry read it with portalContext(context)), requests
  // passed through as they came (loaders read the page address from `url`, not `request.url`, which keeps
  // `.data`), trailing-slash-aware data requests and one Vite builder for client and server (vite.config.ts)
  // are the defaults. Route modules' client exports are split into their own chunks:
  splitRouteModules: true,
} satisfies Config;
