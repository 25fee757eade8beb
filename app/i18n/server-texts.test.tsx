// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { TextsContext } from "./texts-context";
import { useTranslation } from "./use-translation";
import { describe, expect, it } from "vitest";
import { createRenderTexts, serverT } from "./server-texts";
import { i18nHeadElements } from "./i18n-head";
import { readBootstrap } from "./i18n-bootstrap";
import type { TextNamespace } from "./text-keys";

function Uses({ ns, k }: { ns: string; k: string }) {
  // Any namespace and key (what is recorded is the point, not the text): read with a default, so a
  // key without text (or an unknown namespace) does not throw.
  const { t } = useTranslation(ns as TextNamespace);
  return <span>{t(k, { defaultValue: "" })}</span>;
}

describe("the texts of a server render", () => {
  it("share one t per language and namespace, and record only the namespaces their own render used", () => {
    const first = createRenderTexts("pt");
    const second = createRenderTexts("pt");
    expect(first.getFixedT("pt", "common")).toBe(second.getFixedT("pt", "common"));
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
    expect(first.usedNamespaces().sort()).toEqual(["common", "search"]);
    expect(second.usedNamespaces()).toEqual(["session"]);
  });

  it("each language's texts speak its language", () => {
    expect(createRenderTexts("en").getFixedT("en", "common")("skipLink")).toBe("Skip to main content");
    expect(createRenderTexts("pt").language).toBe("pt");
    expect(serverT("pt")("skipLink")).toBe("Saltar para o conteúdo principal");
  });
});

describe("i18nHeadElements", () => {
  const chunks = (source: string) => [`/areaOE/assets/${source.replace(/\W+/g, "_")}.js`];

  it("preloads the used namespaces of the page's language only, and tells the browser which they are", () => {
    const texts = createRenderTexts("en");
    renderToString(
      <TextsContext value={texts}>
        <Uses ns="glossary" k="x" />
        <Uses ns="no-such-namespace" k="x" />
      </TextsContext>,
    );
    const head = i18nHeadElements(texts, "en", chunks);
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
    const head = i18nHeadElements(createRenderTexts("pt"), "pt");
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
    const head = i18nHeadElements(createRenderTexts("pt"), "pt");
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe("server lookups", () => {
  it("one t per language, namespace and key prefix; interpolation and another namespace work", () => {
    const t = serverT("en", "common");
    expect(serverT("en", "common")).toBe(t);
    expect(serverT("en", "common", "language")).not.toBe(t);
    expect(t("skipLink")).toBe("Skip to main content");
    expect(t("language.switchTo", { language: "Português" })).toBe("View this page in Português");
    expect(serverT("pt")("language.switchTo", { language: "English" })).toBe("Ver esta página em English");
    expect(serverT("en", "common", "language")("switchTo", { language: "x" })).toBe("View this page in x");
    expect(t("pages:home.title")).not.toBe("pages:home.title");
  });
});
