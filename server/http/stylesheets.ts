import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BASE_PATH } from "../../app/server-surface";

/**
 * The client build's stylesheets, read once at start and kept in memory as bytes by URL
 * (`/areaOE/assets/portal-….css`): the server writes the portal's stylesheet into every page.
 */
export function readStylesheets(clientDir: string): (href: string) => Buffer | undefined {
  const assets = path.join(clientDir, "assets");
  const byUrl = new Map<string, Buffer>();
  for (const name of readdirSync(assets)) {
    if (!name.endsWith(".css")) continue;
    const css = readFileSync(path.join(assets, name));
    // Inside a <style> element, "</style" would end it and let the rest be read as markup.
    if (/<\/style/i.test(css.toString("utf8"))) throw new Error(`${name} contains "</style" and cannot be inlined in a page.`);
    byUrl.set(`${BASE_PATH}/assets/${name}`, css);
  }
  return (href) => byUrl.get(href);
}
