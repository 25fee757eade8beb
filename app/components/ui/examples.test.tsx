// @vitest-environment jsdom
// The render tests of app/components/ui/, generated from each family's examples (app/components/ui/ui-example.ts):
// every example on the server in both languages (the page without JavaScript), then hydrated from that very
// HTML (the page with it). Each family has its README (what it is for, options and defaults, accessibility,
// without JavaScript) and its examples file; a new family fails here until it has both.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "./test-i18n";
import type { UiExample } from "./ui-example";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const UI = import.meta.dirname;
const FAMILIES = readdirSync(UI, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const modules = import.meta.glob<{ examples: UiExample[] }>("./*/*.examples.tsx", { eager: true });
const LANGS = ["pt", "en"] as const;
const README_SECTIONS = ["## Options and defaults", "## Accessibility", "## Without JavaScript"];

describe("each widget family", () => {
  it.each(FAMILIES)("%s has its README (what it is for, options, accessibility, without JavaScript) and its examples", (family) => {
    const readme = path.join(UI, family, "README.md");
    expect(existsSync(readme), `app/components/ui/${family}/README.md`).toBe(true);
    const text = readFileSync(readme, "utf8");
    for (const section of README_SECTIONS) expect(text, `app/components/ui/${family}/README.md lacks "${section}"`).toContain(section);
    const examples = modules[`./${family}/${family}.examples.tsx`]?.examples;
    expect(examples?.length, `app/components/ui/${family}/${family}.examples.tsx exports its examples`).toBeGreaterThan(0);
  });
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

const cases = Object.entries(modules).flatMap(([file, module]) =>
  module.examples.flatMap((example) => LANGS.map((lang) => ({ id: `${file.split("/")[1]}: ${example.name} (${lang})`, example, lang }))),
);

describe.each(cases)("$id", ({ example, lang }) => {
  it("without JavaScript: the server's HTML says what it shows", () => {
    const html = renderToString(withI18n(example.render(), lang));
    const text = html.replace(/<[^>]*>/g, " ").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/\s+/g, " ");
    for (const shown of example.shows?.[lang] ?? []) expect(text).toContain(shown);
  });

  it("with JavaScript: hydrates that HTML without a mismatch or a console error, then answers the visitor", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(withI18n(example.render(), lang));
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, "error");
    await act(async () => {
      root = hydrateRoot(container, withI18n(example.render(), lang), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    await example.interact?.(container, lang);
    expect(errors).not.toHaveBeenCalled();
  });
});
