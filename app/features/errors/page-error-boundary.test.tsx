// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { TextsContext } from "~/i18n/texts-context";
import { createRenderTexts } from "~/i18n/server-texts";
import { PageErrorBoundary } from "./page-error-boundary";

vi.mock("./error-reporting", () => ({ reportError: vi.fn() }));

let failing = true;
function Flaky() {
  if (failing) throw new Error("render failed");
  return <p>page content</p>;
}

describe("PageErrorBoundary", () => {
  afterEach(cleanup);
  for (const [lang, message, retry] of [
    ["en", /Something went wrong\. Press the button on the right to try again\./, "Retry"],
    ["pt", /Ocorreu um erro\. Carregue no botão à direita para tentar novamente\./, "Tentar novamente"],
  ] as const) {
    it(`shows the SPEC text in ${lang} and Retry renders the page again`, async () => {
      failing = true;
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const { reportError } = await import("./error-reporting");
      render(
        <TextsContext value={createRenderTexts(lang)}>
          <PageErrorBoundary resetKey="/a">
            <Flaky />
          </PageErrorBoundary>
        </TextsContext>,
      );
      expect(screen.getByRole("alert")).toHaveTextContent(message);
      expect(reportError).toHaveBeenCalled();
      failing = false;
      fireEvent.click(screen.getByRole("button", { name: retry }));
      expect(screen.getByText("page content")).toBeInTheDocument();
      expect(screen.queryByRole("alert")).toBeNull();
    });
  }
});
