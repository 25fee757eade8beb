// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { TextsContext } from "~/i18n/texts-context";
import { createRenderTexts } from "~/i18n/server-texts";
import type { Language } from "~/i18n/languages";
import type { TimeLimitRecord } from "./time-limit-schema";
import { TimeLimitsTable } from "./time-limits-table";
import { TimeLimits, pageTimeLimits } from "./page-time-limits";
import { SAMPLE_TIME_LIMIT } from "./sample-time-limit";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { renderToString } from "react-dom/server";
import { TimeLimitsFinder } from "./time-limits-finder";

afterEach(cleanup);

const payment: TimeLimitRecord = SAMPLE_TIME_LIMIT;
const caseByCase: TimeLimitRecord = {
  ...payment,
  id: "guarantee-form",
  actor: "customs",
  what: { pt: "Manter a forma de garantia", en: "Keep the form of guarantee" },
  duration: null,
  unit: null,
  dayType: null,
  setBy: { pt: "a alfândega", en: "customs" },
};
const working: TimeLimitRecord = { ...payment, id: "dav", what: { pt: "Apresentar a DAV", en: "Lodge the DAV" }, duration: 20, dayType: "working", counting: "pt-cppt" };

function renderIn(lang: Language, records: TimeLimitRecord[]) {
  return render(
    <TextsContext value={createRenderTexts(lang)}>
      <TimeLimitsTable records={records} caption={lang === "pt" ? "Prazos desta página" : "Time limits on this page"} />
    </TextsContext>,
  );
}

describe("TimeLimitsTable", () => {
  it("is a table with a caption, column headers and a row header per record", () => {
    renderIn("pt", [payment, caseByCase]);
    const table = screen.getByRole("table", { name: "Prazos desta página" });
    const headers = within(table).getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual(["O que tem de ser feito", "Quem", "Prazo", "Conta a partir de", "Base legal"]);
    for (const header of within(table).getAllByRole("columnheader")) expect(header.getAttribute("scope")).toBe("col");
    const rows = within(table).getAllByRole("rowheader");
    expect(rows.map((cell) => cell.textContent)).toEqual(["Pagar os direitos", "Manter a forma de garantia"]);
    expect(rows[0]?.getAttribute("scope")).toBe("row");
  });

  it("states the time limit with its unit and day type, or who sets it case by case, and links the article to its source", () => {
    renderIn("pt", [payment, caseByCase, working]);
    expect(screen.getByText("10 dias de calendário")).toBeTruthy();
    expect(screen.getByText("20 dias úteis")).toBeTruthy();
    expect(screen.getByText("Fixado caso a caso: a alfândega")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Artigo 108.º, n.º 1, do CAU" })[0]?.getAttribute("href")).toBe(payment.source);
    expect(screen.getAllByText("Notificação da dívida", { selector: "td" })[0]?.getAttribute("data-label")).toBe("Conta a partir de");
  });

  it("in English, says the same in English and links EUR-Lex's English text", () => {
    renderIn("en", [payment]);
    expect(screen.getByRole("table", { name: "Time limits on this page" })).toBeTruthy();
    expect(screen.getByText("10 calendar days")).toBeTruthy();
    expect(screen.getByText("Debtor")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Article 108(1) UCC" }).getAttribute("href")).toBe(
      "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32013R0952",
    );
  });
});

describe("the calculate links", () => {
  it("every row the calculator can compute links to it with that time limit chosen; one set case by case does not", () => {
    renderIn("pt", [payment, caseByCase]);
    const link = screen.getByRole("link", { name: "Calcular o último dia de «Pagar os direitos»" });
    expect(link.getAttribute("href")).toBe("/areaOE/public/prazos?prazo=settlement-payment&lang=pt#calculadora");
    expect(screen.getAllByRole("link", { name: /^Calcular/ })).toHaveLength(1);
  });
});

describe("<TimeLimitsFinder>", () => {
  const finder = (area: string, actor: string, lang: Language) =>
    renderToString(
      <TextsContext value={createRenderTexts(lang)}>
        <TimeLimitsFinder filter={{ area, actor } as Parameters<typeof TimeLimitsFinder>[0]["filter"]} />
      </TextsContext>,
    );

  it("writes the count for each number, zero included, in both languages (pt's plural rules make 0 'one')", () => {
    expect(finder("transit", "individual", "pt")).toContain("Nenhum prazo corresponde a esta escolha.</p>");
    expect(finder("transit", "individual", "en")).toContain("No time limit matches this choice.</p>");
    expect(finder("vehicle-tax", "individual", "pt")).toContain(">1 prazo.</p>");
    expect(finder("vehicle-tax", "", "en")).toMatch(/>\d+ time limits\.<\/p>/);
    expect(finder("transit", "individual", "pt")).not.toContain("<table");
  });

  it("offers no choice without rows, and lands the form's address on the count, focusable", () => {
    const html = finder("", "", "pt");
    expect(html).not.toContain('value="importer"');
    expect(html).not.toContain('value="exporter"');
    expect(html).toContain('value="import"');
    expect(html).toContain('action="/areaOE/public/prazos#lista"');
    expect(html).toMatch(/<p id="lista" role="status" tabindex="-1" class="time-limits-finder__count">/);
  });
});

describe("<TimeLimits /> of a page", () => {
  it("lists the records whose pages contain the page it is on, as server HTML", async () => {
    const expected = pageTimeLimits("liquidation-settlements");
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((record) => TIME_LIMITS.includes(record))).toBe(true);
    const Stub = createRoutesStub([
      {
        id: "liquidation-settlements",
        path: "/x",
        Component: () => (
          <TextsContext value={createRenderTexts("pt")}>
            <TimeLimits />
          </TextsContext>
        ),
      },
    ]);
    render(<Stub initialEntries={["/x"]} />);
    const table = await screen.findByRole("table", { name: "Prazos desta página" });
    expect(within(table).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(expected.map((record) => record.what.pt));
  });

  it("renders nothing on a page without records", async () => {
    expect(pageTimeLimits("home")).toEqual([]);
    const Stub = createRoutesStub([
      {
        id: "home",
        path: "/",
        Component: () => (
          <TextsContext value={createRenderTexts("pt")}>
            <p>home</p>
            <TimeLimits />
          </TextsContext>
        ),
      },
    ]);
    const { container } = render(<Stub initialEntries={["/"]} />);
    await screen.findByText("home");
    expect(container.querySelector("table")).toBeNull();
  });
});
