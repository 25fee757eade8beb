import { useState } from "react";
import { click, find, type, until, type UiExample } from "~/components/ui/ui-example";
import { Field } from "~/components/ui/form/field";
import { DateInput, useDateErrorMessage } from "./date-input";
import type { DateParseResult } from "./date-value";

function Expiry({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const [result, setResult] = useState<DateParseResult | undefined>();
  const message = useDateErrorMessage();
  const error = result && !result.ok ? message(result.error) : undefined;
  return (
    <Field id="expiry" label="Certificate expiry" error={error}>
      <DateInput
        name="expiry"
        value={text}
        onValueChange={(next, parsed) => {
          setText(next);
          setResult(parsed);
        }}
      />
    </Field>
  );
}

export const examples: UiExample[] = [
  {
    name: "a date typed dd/mm/yyyy; the calendar button once interactive",
    render: () => <Expiry initial="15/03/2027" />,
    shows: { pt: ["Certificate expiry"], en: ["Certificate expiry"] },
    async interact(container, lang) {
      // Without JavaScript there is no calendar button (it could not work); once hydrated there is one,
      // and its calendar opens on the typed day.
      const button = await until(() => container.querySelector<HTMLButtonElement>(".date-input__button"));
      await click(button);
      const calendar = await until(() => document.querySelector(`[role=dialog][aria-label="${lang === "pt" ? "Calendário" : "Calendar"}"]`), 15_000);
      if (!calendar.querySelector("[aria-selected=true]")?.textContent?.includes("15")) throw new Error("the calendar did not open on the typed day");
    },
  },
  {
    name: "a day that does not exist is refused in words",
    render: () => <Expiry initial="" />,
    async interact(container, lang) {
      await type(find<HTMLInputElement>(container, "input"), "31/02/2027");
      const error = find(container, ".form-group").textContent ?? "";
      if (!error.includes(lang === "pt" ? "não existe" : "does not exist")) throw new Error(`no error in words: ${error}`);
    },
  },
];
