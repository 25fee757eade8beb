// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TextsContext } from "~/i18n/texts-context";
import { createRenderTexts } from "~/i18n/server-texts";
import { UsefulLinksPanel } from "./useful-links-panel";

describe("UsefulLinksPanel", () => {
  it("names a link by a text key of any namespace (a page's title) or by the configuration's text, in the page's language", () => {
    render(
      <TextsContext value={createRenderTexts("en")}>
        <MemoryRouter>
          <UsefulLinksPanel
            links={[
              { labelKey: "pages:security-header-form.title", href: "/areaOE/x", inApp: true },
              { linkText: { pt: "Ligação", en: "Link" }, href: "https://example.org/", inApp: false },
            ]}
          />
        </MemoryRouter>
      </TextsContext>,
    );
    expect(screen.getByRole("link", { name: "Generate the security header" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Link/ })).toHaveAttribute("href", "https://example.org/");
  });
});
