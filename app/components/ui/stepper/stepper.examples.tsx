import { useState } from "react";
import { click, find, type UiExample } from "~/components/ui/ui-example";
import { Stepper } from "./stepper";

const STEPS = [
  { id: "accreditation", label: "GUE" },
  { id: "certificate", label: "Certificate" },
  { id: "production", label: "Production" },
];

function Demo({ start }: { start: number }) {
  const [step, setStep] = useState(start);
  return <Stepper steps={STEPS} activeStep={step} onStepChange={setStep} />;
}

export const examples: UiExample[] = [
  {
    name: "three steps, on the first",
    render: () => <Demo start={0} />,
    shows: { pt: ["GUE", "Passo 1 de 3", "Passo seguinte"], en: ["GUE", "Step 1 of 3", "Next step"] },
    async interact(container) {
      await click(find(container, ".stepper__nav .button:not(.button--secondary)"));
      if (find(container, "[aria-current=step]").textContent?.includes("Certificate") !== true) throw new Error("Next did not move to the second step");
    },
  },
  {
    name: "an active step below 0 is the first",
    render: () => <Demo start={-3} />,
    shows: { pt: ["Passo 1 de 3"], en: ["Step 1 of 3"] },
  },
];
