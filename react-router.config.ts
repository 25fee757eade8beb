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
} satisfies Config;
