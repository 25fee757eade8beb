// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import * as runtime from "react/jsx-runtime";
import { evaluate } from "@mdx-js/mdx";
import { MDXProvider, useMDXComponents } from "@mdx-js/react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { TextsContext } from "~/i18n/texts-context";
import { createRenderTexts } from "~/i18n/server-texts";
import type { Language } from "~/i18n/languages";
import { childPages, pageHref, type SitePage } from "~/config/site-map";
import { AreaSystems, SystemNote } from "./area-systems";
import { mdxComponents } from "./mdx-components";
import { rehypePlugins, remarkPlugins } from "./mdx-pipeline";
import { SystemCard } from "./system-card";

afterEach(cleanup);

const addressOf = (page: SitePage) => pageHref(page.id as Parameters<typeof pageHref>[0]);

function renderArea(areaId: string, lang: Language, children?: React.ReactNode) {
  const Stub = createRoutesStub([{ id: areaId, path: "/", Component: () => <AreaSystems>{children}</AreaSystems> }]);
  return render(
    <TextsContext value={createRenderTexts(lang)}>
      <Stub />
    </TextsContext>,
  );
}

describe("<AreaSystems />", () => {
  it.each(["pt", "en"] as const)("links every listed system of the area, from the manifest, with its summary or 'Coming soon' (%s)", (lang) => {
    renderArea("excise", lang);
    const cards = screen.getAllByRole("region");
    expect(cards).toHaveLength(childPages("excise").length);
    for (const [index, page] of childPages("excise").entries()) {
      const link = within(cards[index]!).getByRole("link");
      // A plain link to the page's full address (a page of text has no router in the browser).
      expect(link.getAttribute("href")).toBe(addressOf(page));
    }
    const sicex = cards[childPages("excise").findIndex((page) => page.id === "excise-sicex")]!;
    expect(sicex.textContent).toContain(lang === "pt" ? "Brevemente" : "Coming soon");
    const siceu = cards[childPages("excise").findIndex((page) => page.id === "excise-siceu")]!;
    expect(siceu.textContent).toContain(lang === "pt" ? "Documento administrativo eletrónico" : "e-AD");
  });

  it("takes a note's profile and prose for its system, and adds cards of what has no page", () => {
    renderArea(
      "vehicle-tax",
      "en",
      // As MDX gives them: a list of elements.
      [
        <SystemNote key="note" page="vehicle-tax-isv" profile="ROLE_DAV">
          <p>Hand-written words.</p>
        </SystemNote>,
        <SystemCard key="card" title="SFA2">
          <p>No page of its own.</p>
        </SystemCard>,
      ],
    );
    const [isv, sfa2] = screen.getAllByRole("region");
    expect(isv?.textContent).toContain("Hand-written words.");
    expect(isv?.textContent).toContain("ROLE_DAV");
    expect(sfa2?.textContent).toContain("No page of its own.");
  });
});

describe("the area pages' <AreaSystems> as the site compiles them", () => {
  const AREAS = ["import", "export", "transit", "excise", "vehicle-tax", "transport", "liquidation"];

  it.each(AREAS.flatMap((area) => (["pt", "en"] as const).map((lang) => [area, lang] as const)))("%s (%s) links each listed system once, with its note's profile", async (area, lang) => {
    const source = readFileSync(`content/${lang}/${area}.mdx`, "utf8");
    const block = /<AreaSystems>[\s\S]*?<\/AreaSystems>|<AreaSystems \/>/.exec(source)?.[0] ?? "";
    const { default: Content } = await evaluate(block, { ...runtime, useMDXComponents, remarkPlugins, rehypePlugins });
    const Stub = createRoutesStub([{ id: area, path: "/", Component: () => <Content /> }]);
    render(
      <TextsContext value={createRenderTexts(lang)}>
        <MDXProvider components={mdxComponents}>
          <Stub />
        </MDXProvider>
      </TextsContext>,
    );
    const cards = await screen.findAllByRole("region");
    const titles = cards.map((card) => within(card).getByRole("heading"));
    for (const page of childPages(area)) {
      const linked = titles.filter((title) => within(title).queryByRole("link")?.getAttribute("href") === addressOf(page));
      expect(linked, page.id).toHaveLength(1);
    }
    // A note's profile shows on its system's card.
    for (const [, id, profile] of source.matchAll(/<SystemNote page="([^"]+)" profile="([^"]+)">/g)) {
      const page = childPages(area).find((candidate) => candidate.id === id)!;
      const card = cards.find((candidate) => within(candidate).getByRole("heading").querySelector(`a[href="${addressOf(page)}"]`));
      expect(card?.textContent, id).toContain(profile);
    }
  });
});
