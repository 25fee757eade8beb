// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { TextsContext } from "~/i18n/texts-context";
import { afterEach, describe, expect, it } from "vitest";
import { createRenderTexts } from "~/i18n/server-texts";
import { POPOVER_SIDE_OFFSET } from "~/components/ui/overlay/popover";
import { SmartLink } from "~/components/ui/link/smart-link";
import { Acronym } from "./acronym";

function withLang(lang: "pt" | "en", node: ReactNode) {
  return <TextsContext value={createRenderTexts(lang)}>{node}</TextsContext>;
}

afterEach(cleanup);

describe("<Acronym>", () => {
  it("server-renders a button that opens a native popover with the meaning, and an abbr with the meaning as its title", () => {
    const html = renderToString(withLang("pt", <Acronym>GUE</Acronym>));
    const id = /popoverTarget="([^"]+)"|popovertarget="([^"]+)"/i.exec(html);
    const target = id?.[1] ?? id?.[2];
    expect(target).toBeTruthy();
    expect(html).toContain('<abbr class="acronym" title="Gestão de Utilizadores Externos">GUE</abbr>');
    expect(html).toContain(`id="${target}" popover="auto" role="dialog" aria-label="Significado de GUE"`);
    expect(html).toContain("<strong>GUE</strong>: Gestão de Utilizadores Externos");
    expect(renderToString(withLang("en", <Acronym>CAU</Acronym>))).toContain('title="Union Customs Code"');
  });

  it("renders an unknown term as plain text", () => {
    expect(renderToString(withLang("pt", <Acronym>ZZZ</Acronym>))).toBe("ZZZ");
  });

  it("names the button by the term, and the popover (phrasing content, allowed inside a paragraph) by its meaning", () => {
    const { container } = render(withLang("en", <p>Accredited in <Acronym>GUE</Acronym>.</p>));
    const trigger = screen.getByRole("button", { name: /^GUE\s?\(show meaning\)$/ });
    const popover = container.querySelector("[popover]")!;
    expect(trigger.getAttribute("popovertarget")).toBe(popover.id);
    expect(popover.tagName).toBe("SPAN");
    expect(popover).toHaveAttribute("aria-label", "Meaning of GUE");
    expect(popover).toHaveTextContent("GUE: External user management (Gestão de Utilizadores Externos)");
  });

  it("uses the popover offset of 3 px", () => {
    expect(POPOVER_SIDE_OFFSET).toBe(3);
  });
});

describe("<Acronym> inside a link", () => {
  it("stays an abbr with its title, never a button inside the link", () => {
    render(withLang("en", <SmartLink href="https://example.org/">Accredited in <Acronym>GUE</Acronym></SmartLink>));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("GUE")).toHaveAttribute("title", "External user management (Gestão de Utilizadores Externos)");
  });
});
