import { describe, expect, it } from "vitest";
import i18next, { type TFunction } from "i18next";
import { FALLBACK_LANGUAGES, LANGUAGES } from "./languages";
import { namespaces, resources } from "./resources";
import { createSmallT, interpolate, MissingTextError, setMissingTextMode, type Bundle } from "./small-t";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value]] : flatten(value, path);
  });
}

// The reference: i18next (a development dependency, for this comparison only), configured as the
// portal's server was before it read its texts through the small t too.
const references = new Map<string, TFunction>();
function i18nextT(lang: string, namespace: string): TFunction {
  let t = references.get(`${lang}/${namespace}`);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      resources,
      ns: namespaces,
      defaultNS: "common",
      fallbackLng: FALLBACK_LANGUAGES,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      lng: lang,
    });
    t = instance.getFixedT(lang, namespace);
    references.set(`${lang}/${namespace}`, t);
  }
  return t;
}

const bundles = (lang: string, namespace: string) => resources[lang]?.[namespace] as Bundle | undefined;
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/{{-?\s*([^{}]+?)\s*}}/g)].map((match) => match[1] ?? "");

/** Values for a text's placeholders, with characters an escaping `t` would change. */
function valuesFor(text: string): Record<string, unknown> {
  return Object.fromEntries(placeholders(text).map((name) => [name, `<${name}> & "${name}"/'x'`]));
}

// The small t is a subset of i18next: every text of every namespace, with its placeholders and plural
// counts, reads the same through both.
describe("the small t says what i18next says", () => {
  for (const lang of LANGUAGES) {
    for (const namespace of namespaces) {
      it(`${lang}/${namespace}: every key, with its placeholders and plural counts`, () => {
        const server = i18nextT(lang, namespace);
        const small = createSmallT(lang, namespace, bundles);
        const entries = flatten((resources[lang]?.[namespace] ?? {}) as Tree);
        expect(entries.length).toBeGreaterThan(0);
        for (const [key, text] of entries) {
          const values = valuesFor(text);
          expect(small(key, values), `${lang}/${namespace}:${key}`).toBe(server(key, values));
          expect(small(key), `${lang}/${namespace}:${key} without values`).toBe(server(key));
          const base = key.replace(PLURAL, "");
          if (base !== key) {
            for (const count of [0, 1, 2, 5, 1.5, 21, 1000, 123_456]) {
              const counted = { ...values, count };
              expect(small(base, counted), `${lang}/${namespace}:${base} count ${String(count)}`).toBe(server(base, counted));
            }
          }
        }
      });
    }
  }

  it("a namespace:key reads another namespace, as in the components' lists", () => {
    for (const lang of LANGUAGES) {
      const server = i18nextT(lang, "search");
      const small = createSmallT(lang, "search", bundles);
      expect(small("common:skipLink")).toBe(server("common:skipLink"));
      expect(small("pages:import.title")).toBe(server("pages:import.title"));
    }
  });

  it("plurals follow each language's rules (pt and en) with i18next's _zero", () => {
    const pt = createSmallT("pt", "certificate-renewal", bundles);
    const en = createSmallT("en", "certificate-renewal", bundles);
    const ptServer = i18nextT("pt", "certificate-renewal");
    const enServer = i18nextT("en", "certificate-renewal");
    for (const count of [0, 1, 2, 30]) {
      expect(pt("daysLeft", { count })).toBe(ptServer("daysLeft", { count }));
      expect(en("daysLeft", { count })).toBe(enServer("daysLeft", { count }));
    }
    expect(en("daysLeft", { count: 0 })).toBe((resources.en?.["certificate-renewal"] as Bundle | undefined)?.daysLeft_zero);
    expect(en("daysLeft", { count: 1 })).not.toBe(en("daysLeft", { count: 2 }));
  });

  it("a plural form the texts lack reads _other (pt's 'many' for exact millions)", () => {
    const pt = createSmallT("pt", "certificate-renewal", bundles);
    expect(new Intl.PluralRules("pt").select(1_000_000)).toBe("many");
    expect(pt("daysLeft", { count: 1_000_000 })).toBe(pt("daysLeft", { count: 5 }).replace("5", "1000000"));
  });

  it("interpolates without escaping (escapeValue: false), as i18next does; a missing value stays written", () => {
    const server = i18nextT("en", "common");
    const small = createSmallT("en", "common", bundles);
    for (const options of [{ language: "<b>P&T</b>" }, { language: null }, { language: undefined }, { language: 3 }, {}, { other: "x" }]) {
      expect(small("language.switchTo", options)).toBe(server("language.switchTo", options));
    }
    expect(interpolate("{{a.b}} and {{ c }}", { a: { b: "deep" }, c: 1 })).toBe("deep and 1");
  });

  it("a key without text throws in tests and development, naming it; a defaultValue is not missing", () => {
    const small = createSmallT("en", "common", bundles, "sidePanel");
    expect(() => small("no.such.key")).toThrow(MissingTextError);
    expect(() => small("no.such.key")).toThrow('No text for "no.such.key" (en, namespace "common", key prefix "sidePanel")');
    expect(() => small("pages:no-such-page.title")).toThrow(/namespace "pages"/);
    expect(small("no.such.key", { defaultValue: "kept {{n}}", n: 1 })).toBe("kept 1");
  });

  it("in the production build a key without text shows the key, as i18next does", () => {
    const server = i18nextT("en", "common");
    const small = createSmallT("en", "common", bundles);
    const previous = setMissingTextMode("key");
    try {
      expect(small("no.such.key")).toBe(server("no.such.key"));
      expect(small("pages:no-such-page.title")).toBe("pages:no-such-page.title");
    } finally {
      setMissingTextMode(previous);
    }
  });

  it("the texts use no i18next feature the small t lacks (nesting, formatters, context, old plurals)", () => {
    for (const lang of LANGUAGES) {
      for (const namespace of namespaces) {
        for (const [key, text] of flatten((resources[lang]?.[namespace] ?? {}) as Tree)) {
          expect(text, `${lang}/${namespace}:${key}`).not.toMatch(/\$t\(|{{[^}]*,[^}]*}}/);
          expect(key, `${lang}/${namespace}:${key}`).not.toMatch(/_plural$|_\d+$/);
        }
      }
    }
  });
});
