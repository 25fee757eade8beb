// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { TextsContext } from "./texts-context";
import { useTranslation } from "./use-translation";
import { describe, expect, it } from "vitest";
import { createServerI18n, sharedI18n } from "./create-i18n";
import { usedNamespaces } from "./render-view";
import { i18nHeadElements } from "./i18n-head";
import { readBootstrap } from "./i18n-bootstrap";

function Uses({ ns, k }: { ns: string; k: string }) {
  const { t } = useTranslation(ns);
  return <span>{t(k)}</span>;
}

describe("per-render i18n view", () => {
  it("shares one instance per language and records only the namespaces its own render used", () => {
    const first = createServerI18n("pt");
    const second = createServerI18n("pt");
    expect(Object.getPrototypeOf(first)).toBe(sharedI18n("pt"));
    expect(Object.getPrototypeOf(second)).toBe(sharedI18n("pt"));
    const html = renderToString(
      <TextsContext value={first}>
        <Uses ns="common" k="skipLink" />
        <Uses ns="search" k="label" />
      </TextsContext>,
    );
    renderToString(
      <TextsContext value={second}>
        <Uses ns="session" k="steps.heading" />
      </TextsContext>,
    );
    expect(html).toContain("Saltar para o conteúdo");
    expect(usedNamespaces(first).sort()).toEqual(["common", "search"]);
    expect(usedNamespaces(second)).toEqual(["session"]);
  });

  it("a view has one own property, so react-i18next's per-component copy stays cheap", () => {
    expect(Object.keys(Object.getOwnPropertyDescriptors(createServerI18n("en")))).toEqual(["reportNamespaces"]);
    expect(Object.keys(Object.getOwnPropertyDescriptors(sharedI18n("en"))).length).toBeGreaterThan(10);
  });

  it("each language's view speaks its language", () => {
    expect(createServerI18n("en").t("common:skipLink")).toBe("Skip to main content");
    expect(createServerI18n("pt").t("common:skipLink")).toBe("Saltar para o conteúdo principal");
  });
});

describe("i18nHeadElements", () => {
  const chunks = (source: string) => [`/areaOE/assets/${source.replace(/\W+/g, "_")}.js`];

  it("preloads the used namespaces of the page's language only, and tells the browser which they are", () => {
    const i18n = createServerI18n("en");
    renderToString(
      <TextsContext value={i18n}>
        <Uses ns="glossary" k="x" />
        <Uses ns="no-such-namespace" k="x" />
      </TextsContext>,
    );
    const head = i18nHeadElements(i18n, "en", chunks);
    expect(head).toContain('<link rel="modulepreload" href="/areaOE/assets/app_i18n_locales_en_common_json.js"/>');
    expect(head).toContain('href="/areaOE/assets/app_i18n_locales_en_pages_json.js"');
    expect(head).toContain('href="/areaOE/assets/app_features_glossary_locales_en_json.js"');
    expect(head).not.toMatch(/locales_pt|pt_json/);
    expect(head).not.toContain("no-such-namespace");
    document.head.innerHTML = head;
    const bootstrap = readBootstrap(document);
    expect(bootstrap.namespaces).toEqual(["common", "pages", "glossary"]);
    // The switcher names Portuguese in Portuguese even on an English page.
    expect(bootstrap.languageNames.pt?.pt).toBe("Português");
    expect(Object.keys(bootstrap.languageNames)).toEqual(["pt"]);
  });

  it("without a build manifest (development) nothing is preloaded, the bootstrap is still there", () => {
    const head = i18nHeadElements(createServerI18n("pt"), "pt");
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<script type="application/json" id="areaoe-i18n">');
  });
});

describe("readBootstrap", () => {
  it("falls back to the default namespaces when the data block is missing or malformed", () => {
    document.head.innerHTML = "";
    expect(readBootstrap(document)).toEqual({ namespaces: ["common", "pages"], languageNames: {} });
    document.head.innerHTML = '<script type="application/json" id="areaoe-i18n">{not json</script>';
    expect(readBootstrap(document).namespaces).toEqual(["common", "pages"]);
  });

  it("cannot be closed early by a text containing </script>", () => {
    const i18n = createServerI18n("pt");
    const head = i18nHeadElements(i18n, "pt");
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe("server lookups", () => {
  it("plain lookups are resolved once and shared; interpolation and other languages still work", () => {
    const i18n = createServerI18n("en");
    const t = i18n.getFixedT("en", "common");
    expect(i18n.getFixedT("en", "common")).toBe(t);
    expect(t("skipLink")).toBe("Skip to main content");
    expect(t("skipLink")).toBe("Skip to main content");
    expect(t("language.switchTo", { language: "Português" })).toBe("View this page in Português");
    expect(t("language.switchTo", { language: "English", lng: "pt" })).toBe("Ver esta página em English");
    expect(i18n.getFixedT("en", "pages")("home.title")).not.toBe("home.title");
  });
});
