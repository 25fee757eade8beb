import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { createBrowserRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { withoutBasename, type installRouteModuleLoader } from "./route-module-loader";

describe("withoutBasename", () => {
  it("strips the router's basename so navigate() does not add it twice", () => {
    expect(withoutBasename("/areaOE/public/transito", "/areaOE/")).toBe("/public/transito");
    expect(withoutBasename("/areaOE/public/transito?lang=en#x", "/areaOE")).toBe("/public/transito?lang=en#x");
    expect(withoutBasename("/areaOE", "/areaOE/")).toBe("/");
    expect(withoutBasename("/areaOE?lang=pt", "/areaOE/")).toBe("/?lang=pt");
  });

  it("leaves other paths alone", () => {
    expect(withoutBasename("/areaOEx/public", "/areaOE/")).toBe("/areaOEx/public");
    expect(withoutBasename("/public/transito", "/")).toBe("/public/transito");
    expect(withoutBasename("/public/transito")).toBe("/public/transito");
  });
});

// route-module-loader.ts leans on React Router's private globals because 7.18.4 (and 8.4) offers no public hook
// for a failed route module: its loadRouteModule() catches the import error and reloads the page, every
// time, before instrumentations, onError or an ErrorBoundary see anything (vite:preloadError does not
// fire either: the route module is a plain import()). These checks read the installed React Router and
// fail loudly when an upgrade changes what the wrapper relies on; then see whether a public API exists.
describe("React Router's private globals, as route-module-loader.ts uses them", () => {
  const require = createRequire(import.meta.url);
  const dist = path.resolve(path.dirname(require.resolve("react-router")), "..");
  const sources = ["development", "production"].map((build) =>
    // 7.x shipped bundles (*.mjs); 8.x ships a module per source file (lib/**/*.js).
    readdirSync(path.join(dist, build), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".mjs") || name.endsWith(".js"))
      .map((name) => readFileSync(path.join(dist, build, name), "utf8"))
      .join("\n"),
  );

  it.each(["development", "production"])("%s build: a route module is taken from __reactRouterRouteModules when `id in` it", (build) => {
    const source = sources[build === "development" ? 0 : 1]!;
    const loadRouteModule = /async function loadRouteModule\(route, routeModulesCache\) \{([\s\S]*?)\n\}/.exec(source)?.[1];
    expect(loadRouteModule, "loadRouteModule() is gone or renamed").toBeDefined();
    expect(loadRouteModule).toMatch(/if \(route\.id in routeModulesCache\) \{?\s*return routeModulesCache\[route\.id\];/);
    // Without the wrapper a failed chunk reloads the page with no guard (the behaviour replaced here).
    expect(loadRouteModule).toContain("window.location.reload()");
  });

  it.each(["development", "production"])("%s build: hydration reads the globals the wrapper replaces and publishes the router", (build) => {
    const source = sources[build === "development" ? 0 : 1]!;
    expect(source).toContain("manifest: window.__reactRouterManifest,");
    expect(source).toContain("routeModules: window.__reactRouterRouteModules,");
    expect(source).toMatch(/window\.__reactRouterDataRouter = router\d*;/);
  });

  it.each(["development", "production"])(
    "%s build: a lazily loaded route takes its client loader from the module (the stand-in for a failed module must have one)",
    (build) => {
      const source = sources[build === "development" ? 0 : 1]!;
      expect(source).toContain('invariant(clientLoader, "No `clientLoader` export found")');
      expect(source).toContain('invariant(clientAction, "No `clientAction` export found")');
    },
  );

  it("the router it navigates with has the public router's shape", () => {
    // A type check: fails `tsc` (and so `npm test`) when the data router's shape changes.
    type Wanted = NonNullable<Parameters<typeof installRouteModuleLoader>[0]>["__reactRouterDataRouter"];
    const fits = (router: ReturnType<typeof createBrowserRouter>): Wanted => router;
    expect(typeof fits).toBe("function");
  });
});
