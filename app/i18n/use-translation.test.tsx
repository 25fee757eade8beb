import { renderToString } from "react-dom/server";
import { TextsContext } from "./texts-context";
import { describe, expect, it } from "vitest";
import { createRenderTexts } from "./server-texts";
import { useTranslation } from "./use-translation";

function Uses({ ns, k }: { ns: "common" | "search" | readonly ["session", "pages"]; k: string }) {
  const { t, i18n, ready } = useTranslation(ns);
  const [tuple] = useTranslation(ns);
  return (
    <span data-lang={i18n.language} data-ready={String(ready)} data-same={String(tuple === t)}>
      {t(k as never)}
    </span>
  );
}

// No document here: the server's hook, as in a server render.
describe("useTranslation on the server", () => {
  it("gives the namespace's fixed t in the render's language and records the namespaces", () => {
    const texts = createRenderTexts("en");
    const html = renderToString(
      <TextsContext value={texts}>
        <Uses ns="common" k="skipLink" />
        <Uses ns={["session", "pages"]} k="pages:import.title" />
      </TextsContext>,
    );
    expect(html).toContain('data-lang="en" data-ready="true" data-same="true">Skip to main content<');
    expect(html).toContain(`>${texts.getFixedT("en", "pages")("import.title")}<`);
    expect(texts.usedNamespaces().sort()).toEqual(["common", "pages", "session"]);
    expect(texts.getFixedT("en", "common")).toBe(texts.getFixedT("en", "common"));
  });

  it("speaks each render's own language", () => {
    const render = (lang: "pt" | "en") =>
      renderToString(
        <TextsContext value={createRenderTexts(lang)}>
          <Uses ns="common" k="skipLink" />
        </TextsContext>,
      );
    expect(render("pt")).toContain("Saltar para o conteúdo principal");
    expect(render("en")).toContain("Skip to main content");
  });
});
