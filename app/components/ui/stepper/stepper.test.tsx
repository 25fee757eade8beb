// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { STEPPER_FIRST_STEP, Stepper, clampStep } from "./stepper";
import { withI18n } from "~/components/ui/test-i18n";

afterEach(cleanup);

const STEPS = [
  { id: "a", label: "Accreditation" },
  { id: "b", label: "Certificate" },
  { id: "c", label: "Production" },
];

function Demo({ start }: { start: number }) {
  const [step, setStep] = useState(start);
  return <Stepper steps={STEPS} activeStep={step} onStepChange={setStep} />;
}

describe("clampStep", () => {
  it("never goes below 0 nor past the last step", () => {
    expect(STEPPER_FIRST_STEP).toBe(0);
    expect(clampStep(-1, 3)).toBe(0);
    expect(clampStep(-100, 3)).toBe(0);
    expect(clampStep(1, 3)).toBe(1);
    expect(clampStep(3, 3)).toBe(2);
    expect(clampStep(99, 3)).toBe(2);
    expect(clampStep(1.7, 3)).toBe(1);
    expect(clampStep(Number.NaN, 3)).toBe(0);
    expect(clampStep(2, 0)).toBe(0);
  });
});

describe("<Stepper>", () => {
  it("marks the current step in an ordered list and stops at both ends", async () => {
    const user = userEvent.setup();
    render(withI18n(<Demo start={-5} />));
    const list = screen.getByRole("list", { name: "Steps" });
    expect(list.tagName).toBe("OL");
    expect(screen.getByText("Accreditation").closest("li")).toHaveAttribute("aria-current", "step");
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous step" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next step" }));
    await user.click(screen.getByRole("button", { name: "Next step" }));
    expect(screen.getByText("Production").closest("li")).toHaveAttribute("aria-current", "step");
    expect(screen.getByText("Accreditation").closest("li")).toHaveTextContent("(completed)");
    expect(screen.getByRole("button", { name: "Next step" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Previous step" }));
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
  });

  it("clamps an out-of-range active step and speaks Portuguese", () => {
    render(withI18n(<Demo start={10} />, "pt"));
    expect(screen.getByText("Passo 3 de 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Passo seguinte" })).toBeDisabled();
  });
});
