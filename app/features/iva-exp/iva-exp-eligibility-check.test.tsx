// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "../../components/ui/test-i18n";
import { IvaExpEligibilityCheck } from "./iva-exp-eligibility-check";
import { IVA_EXP_LIMIT_EUR, isWithinIvaExpLimit } from "./iva-exp-limit";

afterEach(cleanup);

async function check(text: string, lang: "pt" | "en" = "en") {
  const user = userEvent.setup();
  render(withI18n(<IvaExpEligibilityCheck />, lang));
  const input = screen.getByRole("textbox");
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
  it("says exactly 1,000.00 is within the limit", async () => {
    await check("1,000.00");
    expect(screen.getByText("1,000.00 euros is within the IVAExp limit of 1,000 euros.")).toBeInTheDocument();
  });
  it("says 1000.01 is over the limit", async () => {
    await check("1000.01");
    expect(screen.getByText("1,000.01 euros is over the IVAExp limit of 1,000 euros.")).toBeInTheDocument();
  });
  it("refuses a negative value and keeps the text", async () => {
    const input = await check("-5");
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a number that is zero or more, without a minus sign");
    expect(input).toHaveValue("-5");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });
  it("refuses more than 2 decimals, in Portuguese too", async () => {
    const input = await check("10.999", "pt");
    expect(screen.getByRole("alert")).toHaveTextContent("Introduza um número com 2 casas decimais no máximo");
    expect(input).toHaveValue("10.999");
  });
  it("says 'Mandatory' when empty", async () => {
    await check("");
    expect(screen.getByRole("alert")).toHaveTextContent("Please, correct the errors in the fields.Value of the consignment, in euros: Mandatory");
  });
});
