// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import { Step, StepByStep } from "./step-by-step";

afterEach(cleanup);

function Journey({ lang = "en" as const }: { lang?: "en" | "pt" }) {
  return withI18n(
    <StepByStep label="Import goods">
      <Step id="passo-a" number={1} title="Get an EORI number">
        <p>What is done first.</p>
      </Step>
      <Step id="passo-b" number={1} logic="or" title="Appoint a representative">
        <p>Instead of the first.</p>
      </Step>
      <Step id="passo-c" number={2} logic={undefined} title="Pay" open>
        <p>Then pay.</p>
      </Step>
    </StepByStep>,
    lang,
  );
}

describe("<StepByStep> and <Step>", () => {
  it("is an ordered list of native disclosures whose names carry the step's number or its logic", async () => {
    const user = userEvent.setup();
    render(<Journey />);
    const list = screen.getByRole("list", { name: "Import goods" });
    expect(list.tagName).toBe("OL");
    const summaries = [...list.querySelectorAll("summary")].map((summary) => summary.textContent);
    expect(summaries).toEqual(["1Step 1: Get an EORI number", "orStep 1, or: Appoint a representative", "2Step 2: Pay"]);
    // The marker is for the eye; the spoken name is in the visually hidden text.
    expect(list.querySelector(".step-by-step__marker")).toHaveAttribute("aria-hidden", "true");
    const first = screen.getByText("What is done first.").closest("details")!;
    expect(first.open).toBe(false);
    await user.click(screen.getByText("Get an EORI number"));
    expect(first.open).toBe(true);
    expect(screen.getByText("Then pay.").closest("details")!.open).toBe(true);
    // The step's address is inside its content, so that following it opens the step.
    expect(document.getElementById("passo-a")?.closest("details")).toBe(first);
  });

  it("speaks Portuguese", () => {
    render(<Journey lang="pt" />);
    expect(screen.getByText("Passo 1, ou:")).toBeInTheDocument();
  });
});
