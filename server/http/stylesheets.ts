import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BASE_PATH } from "../../app/server-surface";

/**
 * The client build's stylesheets, read once at start and kept in memory by URL
 * (`/areaOE/assets/portal-….css`): the server inlines the portal's stylesheet into every page.
 */
export function readStylesheets(clientDir: string): (href: string) => string | undefined {
  const assets = path.join(clientDir, "assets");
  const byUrl = new Map<string, string>();
  for (const name of readdirSync(assets)) {
    if (name.endsWith(".css")) byUrl.set(`${BASE_PATH}/assets/${name}`, readFileSync(path.join(assets, name), "utf8"));
  }
  return (href) => byUrl.get(href);
}
