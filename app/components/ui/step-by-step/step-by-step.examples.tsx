import { find, type UiExample } from "~/components/ui/ui-example";
import { Step, StepByStep } from "./step-by-step";

function Journey() {
  return (
    <StepByStep label="Import goods">
      <Step id="register" number={1} title="Register for EORI">
        <p>Ask for an EORI number.</p>
      </Step>
      <Step id="declare" number={2} title="Declare the goods">
        <p>Lodge the declaration.</p>
      </Step>
      <Step id="pay" number={2} logic="or" title="Ask a broker to declare">
        <p>A customs representative lodges it.</p>
      </Step>
    </StepByStep>
  );
}

export const examples: UiExample[] = [
  {
    name: "three steps, the last an alternative to the second",
    render: () => <Journey />,
    shows: { pt: ["Passo 1:", "Register for EORI", "Passo 2, ou:"], en: ["Step 1:", "Register for EORI", "Step 2, or:"] },
    interact(container) {
      // Native <details>, the same with or without the page's script: one per step, each closed.
      const details = [...container.querySelectorAll<HTMLDetailsElement>("details")];
      if (details.length !== 3 || details.some((step) => step.open)) throw new Error("three closed steps expected");
      if (!find(container, "summary").textContent?.includes("Register for EORI")) throw new Error("the summary lost its title");
    },
  },
];
