// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "../../components/ui/test-i18n";
import type { Language } from "../../i18n/languages";
import { IvaExpEligibilityCheck } from "./iva-exp-eligibility-check";
import { readIvaExpCheck, type IvaExpCheckState } from "./iva-exp-check";
import { IVA_EXP_LIMIT_EUR, isWithinIvaExpLimit } from "./iva-exp-limit";

afterEach(cleanup);

function Page() {
  const location = useLocation();
  return (
    <>
      <IvaExpEligibilityCheck check={useLoaderData<IvaExpCheckState>()} />
      <output data-testid="address">{`${location.search}${location.hash}`}</output>
    </>
  );
}

/** The check on a page whose loader answers the address, as the route's loaders do. */
async function renderCheck(lang: Language, entry = "/ivaExp") {
  const Stub = createRoutesStub([
    { path: "/ivaExp", Component: Page, loader: ({ request }) => readIvaExpCheck(new URL(request.url), lang), HydrateFallback: () => null },
  ]);
  render(withI18n(<Stub initialEntries={[entry]} />, lang));
  return screen.findByRole("textbox");
}

async function check(text: string, lang: Language = "en") {
  const user = userEvent.setup();
  const input = await renderCheck(lang);
  if (text) await user.type(input, text);
  await user.click(screen.getByRole("button"));
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
  it("says exactly 1,000.00 is within the limit, in euros as English writes them", async () => {
    await check("1,000.00");
    expect(await screen.findByText("€1,000.00 is within the IVAExp limit of €1,000.")).toBeInTheDocument();
    // The form's address: readable, with the language the value was written in.
    expect(screen.getByTestId("address")).toHaveTextContent("?valor=1%2C000.00&lang=en#iva-exp-check");
  });
  it("says 1000.01 is over the limit, and focuses the answer", async () => {
    await check("1000.01");
    const answer = await screen.findByText("€1,000.01 is over the IVAExp limit of €1,000.");
    expect(answer.closest("[tabindex]")).toHaveFocus();
  });
  it("reads Portuguese numbers in pt and answers in euros as Portuguese writes them", async () => {
    const input = await check("850,50", "pt");
    // Intl writes pt-PT amounts with a no-break space: 850,50 €.
    expect(await screen.findByText("850,50\u00A0€ está dentro do limite de 1000\u00A0€ do IVAExp.", { normalizer: (text) => text })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, "1.000,01");
    await user.click(screen.getByRole("button"));
    expect(await screen.findByText("1000,01 € ultrapassa o limite de 1000 € do IVAExp.")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "1 000,00");
    await user.click(screen.getByRole("button"));
    expect(await screen.findByText("1000,00 € está dentro do limite de 1000 € do IVAExp.")).toBeInTheDocument();
  });
  it("in pt, explains the Portuguese separators when the value is written the English way", async () => {
    const input = await check("850.50", "pt");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Introduza um número com ',' nas casas decimais e '.' ou um espaço entre grupos de três algarismos, por exemplo 1.234,56",
    );
    expect(input).toHaveValue("850.50");
  });
  it("refuses a negative value and keeps the text", async () => {
    const input = await check("-5");
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a number that is zero or more, without a minus sign");
    expect(input).toHaveValue("-5");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });
  it("refuses more than 2 decimals, in Portuguese too, and the summary takes focus again on each failed submit", async () => {
    const input = await check("10,999", "pt");
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Introduza um número com 2 casas decimais no máximo");
    expect(summary).toHaveFocus();
    expect(input).toHaveValue("10,999");
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, "-1");
    await user.click(screen.getByRole("button"));
    // The summary of the first error is still there until the new answer arrives.
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("sem sinal de menos"));
    expect(screen.getByRole("alert")).toHaveFocus();
  });
  it("says 'Mandatory' when empty", async () => {
    await check("");
    expect(await screen.findByRole("alert")).toHaveTextContent("Please, correct the errors in the fields.Value of the consignment, in euros: Mandatory");
  });
  it("shows the answer of an address it is opened with (as the server does without JavaScript)", async () => {
    const input = await renderCheck("pt", "/ivaExp?valor=999%2C99&lang=pt");
    expect(input).toHaveValue("999,99");
    expect(screen.getByText("999,99 € está dentro do limite de 1000 € do IVAExp.")).toBeInTheDocument();
  });
});
