import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";
import { namespaces, resources } from "./resources";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it("have the shared namespaces", () => {
    expect(namespaces).toEqual(expect.arrayContaining(["common", "pages"]));
  });

  for (const namespace of namespaces) {
    it(`namespace "${namespace}" has the same keys, no empty text and the same placeholders in pt and en`, () => {
      const [first, ...others] = LANGUAGES.map((lang) => {
        const tree = resources[lang]?.[namespace] as Tree | undefined;
        expect(tree, `${lang}/${namespace} is missing`).toBeDefined();
        return { lang, entries: flatten(tree ?? {}) };
      });
      if (!first) return;
      for (const other of others) {
        const missingInOther = [...first.entries.keys()].filter((key) => !other.entries.has(key));
        const missingInFirst = [...other.entries.keys()].filter((key) => !first.entries.has(key));
        expect(missingInOther, `keys missing in ${other.lang}/${namespace}`).toEqual([]);
        expect(missingInFirst, `keys missing in ${first.lang}/${namespace}`).toEqual([]);
        for (const [key, text] of first.entries) {
          const otherText = other.entries.get(key) ?? "";
          expect(placeholders(otherText), `placeholders of ${namespace}:${key}`).toEqual(placeholders(text));
        }
      }
      for (const { lang, entries } of [first, ...others]) {
        const empty = [...entries].filter(([, text]) => text.trim() === "").map(([key]) => key);
        expect(empty, `empty texts in ${lang}/${namespace}`).toEqual([]);
      }
    });
  }

  it("every page of the site map has a title, breadcrumb and summary", async () => {
    const { SITE_PAGES } = await import("~/config/site-map");
    for (const lang of LANGUAGES) {
      const pages = resources[lang]?.pages as Record<string, Record<string, string>>;
      for (const page of SITE_PAGES) {
        expect(pages[page.id]?.title, `${lang} title of ${page.id}`).toBeTruthy();
        expect(pages[page.id]?.breadcrumb, `${lang} breadcrumb of ${page.id}`).toBeTruthy();
        expect(pages[page.id]?.summary, `${lang} summary of ${page.id}`).toBeTruthy();
      }
    }
  });

  it("the default texts (OK, Cancel, Close, empty states, toasts) exist in both languages", () => {
    const en = flatten(resources.en?.common as Tree);
    const pt = flatten(resources.pt?.common as Tree);
    expect(en.get("actions.ok")).toBe("OK");
    expect(en.get("actions.cancel")).toBe("Cancel");
    expect(en.get("actions.close")).toBe("Close");
    expect(en.get("states.noResults")).toBe("No results found.");
    expect(en.get("states.nothingToShow")).toBe("Nothing to show.");
    expect(en.get("states.loading")).toBe("Loading…");
    expect(en.get("states.search")).toBe("Search…");
    expect(en.get("states.comingSoon")).toBe("Coming soon");
    expect(en.get("states.toBeAvailableSoon")).toBe("To be available soon");
    expect(en.get("notifications.label")).toBe("Notification");
    expect(en.get("notifications.region")).toBe("Notifications ({{hotkey}})");
    expect(en.get("unavailable.message")).toBe("The feature you are trying to access is not available");
    for (const key of en.keys()) expect(pt.has(key), key).toBe(true);
  });
});
