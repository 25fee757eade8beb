// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import type { Language } from "~/i18n/languages";
import { IvaExpEligibilityCheck } from "./iva-exp-eligibility-check";
import { readIvaExpCheck } from "./iva-exp-check";
import { IVA_EXP_LIMIT_EUR, isWithinIvaExpLimit } from "./iva-exp-limit";

// Before 1 July 2027: excise goods are not covered yet. Only Date is faked: the browser's answer reads
// today's date as the server's does.
const TODAY = new Date("2026-11-25T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: TODAY });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The address bar, as a visitor reads it. */
const address = () => `${window.location.search}${window.location.hash}`;

/** The check as the page serves it: the server's answer for the address, then the browser's own. */
async function renderCheck(lang: Language, entry = "/ivaExp") {
  window.history.replaceState(null, "", entry);
  render(withI18n(<IvaExpEligibilityCheck check={readIvaExpCheck(new URL(window.location.href), lang, TODAY)} />, lang));
  return screen.findByRole("textbox");
}

type Answers = { consignment: RegExp; exportDuties: RegExp; exit: RegExp; excise: RegExp };
const COVERED_EN: Answers = { consignment: /^Postal consignment/, exportDuties: /^No$/, exit: /^In Portugal/, excise: /^No$/ };
const COVERED_PT: Answers = { consignment: /^Remessa postal/, exportDuties: /^Não$/, exit: /^Em Portugal/, excise: /^Não$/ };
const LEGENDS = {
  en: {
    consignment: "How is the consignment sent?",
    exportDuties: "Are any goods in the consignment subject to export duties?",
    exit: "Where is the customs office of exit from the Union?",
    excise: "Does the consignment contain goods subject to excise duties?",
  },
  pt: {
    consignment: "Como segue a remessa?",
    exportDuties: "Alguma mercadoria da remessa está sujeita a direitos de exportação?",
    exit: "Onde fica a estância aduaneira de saída da União?",
    excise: "A remessa contém produtos sujeitos a impostos especiais de consumo?",
  },
};

/** Types the value, picks the answers, submits; returns the value's input. */
async function check(text: string, lang: Language = "en", answers: Partial<Answers> | null = lang === "en" ? COVERED_EN : COVERED_PT) {
  const user = userEvent.setup();
  const input = await renderCheck(lang);
  if (text) await user.type(input, text);
  for (const [question, option] of Object.entries(answers ?? {}) as [keyof Answers, RegExp][]) {
    const group = screen.getByRole("group", { name: new RegExp(`^${LEGENDS[lang][question].replace(/\?/g, "\\?")}`) });
    await user.click(within(group).getByRole("radio", { name: option }));
  }
  await user.click(screen.getByRole("button", { name: lang === "en" ? "Check the consignment" : "Verificar a remessa" }));
  return input;
}

describe("IVAExp limit", () => {
  it("is 1,000 euros, inclusive", () => {
    expect(IVA_EXP_LIMIT_EUR).toBe(1000);
    expect(isWithinIvaExpLimit(1000)).toBe(true);
    expect(isWithinIvaExpLimit(1000.01)).toBe(false);
  });
});

describe("<IvaExpEligibilityCheck>", () => {
  it("says a postal consignment of exactly 1,000.00 meets every condition, in euros as English writes them", async () => {
    await check("1,000.00");
    expect(await screen.findByText("The consignment meets the conditions of the simplified export certificate.")).toBeInTheDocument();
    expect(screen.getByText("€1,000.00 is within the limit of €1,000.")).toBeInTheDocument();
    // The form's address: readable, every answer, and the language the value was written in.
    expect(address()).toBe("?valor=1%2C000.00&remessa=postal&direitos=nao&saida=portugal&iec=nao&lang=en#iva-exp-check");
  });
  it("says 1000.01 is over the limit, names that condition as not met, and focuses the answer", async () => {
    await check("1000.01");
    const headline = await screen.findByText("The consignment does not meet the conditions of the simplified export certificate.");
    expect(headline.closest("[tabindex]")).toHaveFocus();
    const missed = screen.getByText("€1,000.01 is over the limit of €1,000.").closest("li");
    expect(missed).toHaveTextContent(/^Not met:/);
  });
  it.each([
    ["consignment", /^Another way/, "It is neither a postal nor an express consignment."],
    ["exportDuties", /^Yes$/, "Some goods are subject to export duties."],
    ["exit", /^In another Member State/, "The customs office of exit is not in Portugal."],
    ["excise", /^Yes$/, "Goods subject to excise duties are covered only from 1 July 2027."],
  ] as const)("in en, a consignment that misses the %s condition is not covered, and says why", async (question, option, reason) => {
    await check("100", "en", { ...COVERED_EN, [question]: option });
    expect(await screen.findByText("The consignment does not meet the conditions of the simplified export certificate.")).toBeInTheDocument();
    expect(screen.getByText(reason).closest("li")).toHaveTextContent(/^Not met:/);
  });
  it.each([
    ["consignment", /^Outro meio/, "Não é uma remessa postal nem expresso."],
    ["exportDuties", /^Sim$/, "Há mercadorias sujeitas a direitos de exportação."],
    ["exit", /^Noutro Estado-Membro/, "A estância aduaneira de saída não fica em Portugal."],
    ["excise", /^Sim$/, "Os produtos sujeitos a impostos especiais de consumo só ficam abrangidos a partir de 1 de julho de 2027."],
  ] as const)("in pt, a consignment that misses the %s condition is not covered, and says why", async (question, option, reason) => {
    await check("100", "pt", { ...COVERED_PT, [question]: option });
    expect(await screen.findByText("A remessa não cumpre as condições do certificado de exportação simplificado.")).toBeInTheDocument();
    expect(screen.getByText(reason).closest("li")).toHaveTextContent(/^Não cumprida:/);
  });
  it("reads Portuguese numbers in pt and answers in euros as Portuguese writes them", async () => {
    const input = await check("850,50", "pt");
    // Intl writes pt-PT amounts with a no-break space: 850,50 €.
    expect(await screen.findByText("850,50\u00A0€ não ultrapassa o limite de 1000\u00A0€.", { normalizer: (text) => text })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, "1.000,01");
    await user.click(screen.getByRole("button"));
    expect(await screen.findByText("1000,01 € ultrapassa o limite de 1000 €.")).toBeInTheDocument();
  });
  it("in pt, explains the Portuguese separators when the value is written the English way", async () => {
    const input = await check("850.50", "pt");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Introduza um número com ',' nas casas decimais e '.' ou um espaço entre grupos de três algarismos, por exemplo 1.234,56",
    );
    expect(input).toHaveValue("850.50");
  });
  it("refuses a negative value and keeps the text and the choices", async () => {
    const input = await check("-5");
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a number that is zero or more, without a minus sign");
    expect(input).toHaveValue("-5");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("radio", { name: /^Postal consignment/ })).toBeChecked();
  });
  it("refuses more than 2 decimals, and the summary takes focus again on each failed submit", async () => {
    const input = await check("10,999", "pt");
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Introduza um número com 2 casas decimais no máximo");
    expect(summary).toHaveFocus();
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, "-1");
    await user.click(screen.getByRole("button"));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("sem sinal de menos"));
    expect(screen.getByRole("alert")).toHaveFocus();
  });
  it("says 'Mandatory' for every unanswered question, and each summary link leads to its question", async () => {
    await check("", "en", null);
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Please, correct the errors in the fields.");
    const links = within(summary).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Value of the consignment, in euros: Mandatory",
      `${LEGENDS.en.consignment}: Mandatory`,
      `${LEGENDS.en.exportDuties}: Mandatory`,
      `${LEGENDS.en.exit}: Mandatory`,
      `${LEGENDS.en.excise}: Mandatory`,
    ]);
    expect(links[1]).toHaveAttribute("href", "#iva-exp-consignment-postal");
    expect(document.getElementById("iva-exp-consignment-postal")).toHaveAttribute("type", "radio");
  });
  it("shows the answer of an address it is opened with (as the server does without JavaScript)", async () => {
    const input = await renderCheck("pt", "/ivaExp?valor=999%2C99&remessa=expresso&direitos=nao&saida=portugal&iec=nao&lang=pt");
    expect(input).toHaveValue("999,99");
    expect(screen.getByRole("radio", { name: /^Remessa expresso/ })).toBeChecked();
    expect(screen.getByText("A remessa cumpre as condições do certificado de exportação simplificado.")).toBeInTheDocument();
  });
  it("shows the previous answer again on Back, with its text, and the newer one on Forward", async () => {
    const input = await check("1000.01");
    expect(await screen.findByText("€1,000.01 is over the limit of €1,000.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, "20");
    await user.click(screen.getByRole("button"));
    expect(await screen.findByText("€20.00 is within the limit of €1,000.")).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    });
    expect(await screen.findByText("€1,000.01 is over the limit of €1,000.")).toBeInTheDocument();
    expect(input).toHaveValue("1000.01");
    await act(async () => {
      window.history.forward();
      await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    });
    expect(await screen.findByText("€20.00 is within the limit of €1,000.")).toBeInTheDocument();
    expect(input).toHaveValue("20");
  });
});
