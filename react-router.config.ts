import type { Config } from "@react-router/dev/config";
import { BASE_URL } from "./app/config/paths";

export default {
  appDirectory: "app",
  // Parallel builds (several developers, benchmarks) may each use their own output folder, inside the
  // checkout (`build-*`: the server build finds its packages in the checkout's node_modules).
  buildDirectory: process.env.AREAOE_BUILD_DIR ?? "build",
  // Server rendering is not optional: every page's text and links are in the first HTML response. React
  // Router renders on the server only (docs/decisions/0027): no page loads its client build, and a tool
  // page's widgets are islands, a client build of their own (vite.config.ts).
  ssr: true,
  basename: BASE_URL,
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  // React Router 8: middleware (app/load-context.ts: createLoadContext on the server hands React Router a
  // RouterContextProvider; loaders and the server entry read it with portalContext(context)), requests
  // passed through as they came (loaders read the page address from `url`, not `request.url`, which keeps
  // `.data`), trailing-slash-aware data requests and one Vite builder for client and server (vite.config.ts)
  // are the defaults.
} satisfies Config;
