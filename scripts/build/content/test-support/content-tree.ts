import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway project folder for the front-matter tests: `content/<lang>/` and each language's
 * `app/i18n/locales/<lang>/pages.json` (from `pagesJson(lang)`), then `files` (path → text) written
 * in it. `remove()` deletes it.
 */
export function contentTree(
  files: Record<string, string>,
  pagesJson: (lang: string) => Record<string, unknown> = () => ({}),
): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), "areaoe-front-matter-"));
  for (const lang of ["pt", "en"]) {
    mkdirSync(path.join(root, "content", lang), { recursive: true });
    mkdirSync(path.join(root, "app/i18n/locales", lang), { recursive: true });
    writeFileSync(path.join(root, "app/i18n/locales", lang, "pages.json"), JSON.stringify(pagesJson(lang)));
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
