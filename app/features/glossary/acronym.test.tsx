// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { createServerI18n } from "../../i18n/create-i18n";
import { POPOVER_SIDE_OFFSET } from "../../components/ui/popover";
import { Acronym } from "./acronym";

function withLang(lang: "pt" | "en", node: ReactNode) {
  return <I18nextProvider i18n={createServerI18n(lang)}>{node}</I18nextProvider>;
}

afterEach(cleanup);

describe("<Acronym>", () => {
  it("server-renders an abbr with the meaning, readable without JavaScript", () => {
    const html = renderToString(withLang("pt", <Acronym>GUE</Acronym>));
    expect(html).toBe('<abbr class="acronym" title="Gestão de Utilizadores Externos">GUE</abbr>');
    expect(renderToString(withLang("en", <Acronym>CAU</Acronym>))).toContain('title="Union Customs Code"');
  });

  it("renders an unknown term as plain text", () => {
    expect(renderToString(withLang("pt", <Acronym>ZZZ</Acronym>))).toBe("ZZZ");
  });

  it("once hydrated, opens a popover with the meaning in the current language and closes with Esc", async () => {
    const user = userEvent.setup();
    render(withLang("en", <p>Accredited in <Acronym>GUE</Acronym>.</p>));
    const trigger = screen.getByRole("button", { name: /^GUE\s?\(show meaning\)$/ });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Meaning of GUE" });
    expect(dialog).toHaveTextContent("GUE: External user management (Gestão de Utilizadores Externos)");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("uses the popover offset of 3 px", () => {
    expect(POPOVER_SIDE_OFFSET).toBe(3);
  });
});

describe("<Acronym> inside a link", () => {
  it("stays an abbr with its title, never a button inside the link", () => {
    render(withLang("en", <a href="/x">Accredited in <Acronym>GUE</Acronym></a>));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("GUE")).toHaveAttribute("title", "External user management (Gestão de Utilizadores Externos)");
  });
});
