// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorSummary } from "./error-summary";
import { withI18n } from "~/components/ui/test-i18n";

afterEach(cleanup);

describe("<ErrorSummary>", () => {
  it("names each field with its problem and links to it (pt)", async () => {
    const user = userEvent.setup();
    render(
      withI18n(
        <>
          <ErrorSummary
            errors={[
              { fieldId: "username", label: "Nome de utilizador", message: "Obrigatório" },
              { fieldId: "password", label: "Senha", message: "Obrigatório" },
            ]}
          />
          <label htmlFor="username">Nome de utilizador</label>
          <input id="username" />
          <label htmlFor="password">Senha</label>
          <input id="password" type="password" />
        </>,
        "pt",
      ),
    );
    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Nome de utilizador: Obrigatório", "#username"],
      ["Senha: Obrigatório", "#password"],
    ]);
    await user.click(screen.getByRole("link", { name: "Senha: Obrigatório" }));
    expect(screen.getByLabelText("Senha")).toHaveFocus();
  });

  it("renders nothing without errors", () => {
    render(withI18n(<ErrorSummary errors={[]} />));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
