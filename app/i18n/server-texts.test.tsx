import { renderToString } from "react-dom/server";
import { TextsContext } from "./texts-context";
import { useTranslation } from "./use-translation";
import { describe, expect, it } from "vitest";
import { createRenderTexts, serverT } from "./server-texts";
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
