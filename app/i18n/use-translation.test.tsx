import { renderToString } from "react-dom/server";
import { TextsContext } from "./texts-context";
import { describe, expect, it } from "vitest";
import { createServerI18n } from "./create-i18n";
import { usedNamespaces } from "./render-view";
import { useTranslation } from "./use-translation";

function Uses({ ns, k }: { ns: "common" | "search" | readonly ["session", "pages"]; k: string }) {
  const { t, i18n, ready } = useTranslation(ns);
  const [tuple] = useTranslation(ns);
  return (
    <span data-lang={i18n.language} data-ready={String(ready)} data-same={String(tuple === t)}>
      {t(k)}
    </span>
  );
}

// No document here: the server's hook, as in a server render.
describe("useTranslation on the server", () => {
  it("gives the namespace's fixed t in the render's language and records the namespaces", () => {
    const i18n = createServerI18n("en");
    const html = renderToString(
      <TextsContext value={i18n}>
        <Uses ns="common" k="skipLink" />
        <Uses ns={["session", "pages"]} k="pages:import.title" />
      </TextsContext>,
    );
    expect(html).toContain('data-lang="en" data-ready="true" data-same="true">Skip to main content<');
    expect(html).toContain(`>${createServerI18n("en").t("pages:import.title")}<`);
    expect(usedNamespaces(i18n).sort()).toEqual(["common", "pages", "session"]);
    expect(i18n.getFixedT("en", "common")).toBe(i18n.getFixedT("en", "common"));
  });

  it("speaks each render's own language", () => {
    const render = (lang: "pt" | "en") =>
      renderToString(
        <TextsContext value={createServerI18n(lang)}>
          <Uses ns="common" k="skipLink" />
        </TextsContext>,
      );
    expect(render("pt")).toContain("Saltar para o conteúdo principal");
    expect(render("en")).toContain("Skip to main content");
  });
});
