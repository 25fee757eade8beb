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
  // React Router v8 behaviour, adopted early. Loaders read the page address from `url` (normalised),
  // not `request.url` (which keeps `.data` and `_routes` with v8_passThroughRequests).
  // v8_middleware: the server hands React Router a context provider (app/load-context.ts:
  // createLoadContext on the server, portalContext(context) in loaders and the server entry).
  // Not yet: v8_viteEnvironmentApi. Tried: with one Vite builder for both sides, vite-plugin-compression2
  // (2.5.3) wraps Vite's manifest plugin and also compresses the server's output, ignoring
  // applyToEnvironment; it needs an environment-aware compression step first. See README "How it is built".
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
