import { describe, expect, it } from "vitest";
import { ClientTexts } from "./client-texts";
import { resources } from "./resources";
import type { Bundle } from "./small-t";

function store(lang = "pt") {
  const asked: string[] = [];
  const texts = new ClientTexts(lang, (lng, namespace) => {
    asked.push(`${lng}/${namespace}`);
    const bundle = resources[lng]?.[namespace] as Bundle | undefined;
    return bundle ? Promise.resolve(bundle) : Promise.reject(new Error(`No texts for ${lng}/${namespace}`));
  });
  return { texts, asked };
}

describe("the browser's texts", () => {
  it("loads the bootstrap's namespaces of the page's language only, and the other languages' names", async () => {
    const { texts, asked } = store("pt");
    await texts.start({ namespaces: ["common", "pages"], languageNames: { en: { pt: "Portuguese", en: "English" } } });
    expect(asked).toEqual(["pt/common", "pt/pages"]);
    expect(texts.getFixedT("pt", "common")("skipLink")).toBe("Saltar para o conteúdo principal");
    expect(texts.getFixedT("en", "common")("language.en")).toBe("English");
    // The names alone do not count as the English common namespace.
    expect(texts.pending("en", ["common"])).toBeInstanceOf(Promise);
  });

  it("a namespace not loaded yet is one stable promise until it arrives, then none", async () => {
    const { texts } = store("en");
    await texts.start({ namespaces: ["common"], languageNames: {} });
    const first = texts.pending("en", ["search", "common"]);
    expect(first).toBeDefined();
    expect(texts.pending("en", ["search", "common"])).toBe(first);
    await first;
    expect(texts.pending("en", ["search", "common"])).toBeUndefined();
    expect(texts.getFixedT("en", "search")).toBe(texts.getFixedT("en", "search"));
  });

  it("a failed chunk rejects, and is asked for again later (Retry)", async () => {
    const { texts, asked } = store("en");
    await expect(texts.pending("en", ["no-such-namespace"])).rejects.toThrow("No texts for en/no-such-namespace");
    await expect(texts.pending("en", ["no-such-namespace"])).rejects.toThrow();
    expect(asked.filter((id) => id === "en/no-such-namespace")).toHaveLength(2);
  });

  it("switches language after loading every namespace shown so far, and tells its subscribers", async () => {
    const { texts, asked } = store("pt");
    await texts.start({ namespaces: ["common", "pages", "search"], languageNames: {} });
    let told = 0;
    const unsubscribe = texts.subscribe(() => (told += 1));
    const before = texts.version();
    await texts.changeLanguage("en");
    unsubscribe();
    expect(texts.language).toBe("en");
    expect(asked.filter((id) => id.startsWith("en/")).sort()).toEqual(["en/common", "en/pages", "en/search"]);
    expect(told).toBeGreaterThan(0);
    expect(texts.version()).toBeGreaterThan(before);
    expect(texts.getFixedT("en", "common")("skipLink")).toBe("Skip to main content");
  });
});
