import { useState } from "react";
import { click, find, type, type UiExample } from "~/components/ui/ui-example";
import { CheckboxField } from "./checkbox-field";
import { ErrorSummary } from "./error-summary";
import { Field } from "./field";
import { Input } from "./input";
import { NumericInput, useNumericErrorMessage } from "./numeric-input";
import type { NumericParseResult } from "./numeric-value";
import { RadioGroupField } from "./radio-group-field";
import { Textarea } from "./textarea";

function Numeric() {
  const [text, setText] = useState("1,000.5");
  const [result, setResult] = useState<NumericParseResult | undefined>();
  const message = useNumericErrorMessage();
  const error = result && !result.ok ? message(result.error) : undefined;
  return (
    <Field id="value" label="Value (euros)" error={error}>
      <NumericInput
        name="value"
        value={text}
        min={0}
        onValueChange={(next, parsed) => {
          setText(next);
          setResult(parsed);
        }}
      />
    </Field>
  );
}

function Consignment() {
  const [value, setValue] = useState<"postal" | "express" | undefined>();
  return (
    <RadioGroupField
      id="consignment"
      name="consignment"
      legend="Consignment"
      options={[
        { value: "postal", label: "Postal" },
        { value: "express", label: "Express" },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}

function Agreement() {
  const [checked, setChecked] = useState(false);
  return <CheckboxField id="agree" name="agree" checked={checked} onCheckedChange={setChecked} label="I have read the manual" hint="Required to go on" />;
}

export const examples: UiExample[] = [
  {
    name: "a required field with a hint and an error",
    render: () => (
      <Field id="username" label="Username" hint="NIF/UserID" error="Mandatory" required>
        <Input name="username" autoComplete="username" />
      </Field>
    ),
    shows: { pt: ["Username", "NIF/UserID", "Mandatory"], en: ["Username", "NIF/UserID", "Mandatory"] },
    interact(container) {
      const input = find<HTMLInputElement>(container, "input");
      if (input.getAttribute("aria-invalid") !== "true" || !input.getAttribute("aria-describedby")?.includes("username-error")) {
        throw new Error("the field is not tied to its error");
      }
    },
  },
  {
    name: "the error summary (the specification's text)",
    render: () => <ErrorSummary errors={[{ fieldId: "username", label: "Username", message: "Mandatory" }]} />,
    shows: { pt: ["Por favor, corrija os erros nos campos.", "Username: Mandatory"], en: ["Please, correct the errors in the fields.", "Username: Mandatory"] },
  },
  {
    name: "a numeric input ('.' decimals, ',' thousands), refusing a negative",
    render: () => <Numeric />,
    shows: { pt: ["Value (euros)"], en: ["Value (euros)"] },
    async interact(container) {
      await type(find<HTMLInputElement>(container, "input"), "-5");
      if (!find(container, ".form-group").className.includes("form-group--error")) throw new Error("a negative number was not refused");
    },
  },
  {
    name: "a textarea, 3 rows by default, 1 in a table cell",
    render: () => (
      <>
        <Textarea id="notes" name="notes" />
        <Textarea id="cell" name="cell" inCell />
      </>
    ),
    interact(container) {
      const [notes, cell] = [...container.querySelectorAll("textarea")];
      if (notes?.rows !== 3 || cell?.rows !== 1) throw new Error("the textarea's rows are not the specification's defaults");
    },
  },
  {
    name: "a radio group and a checkbox",
    render: () => (
      <>
        <Consignment />
        <Agreement />
      </>
    ),
    shows: { pt: ["Consignment", "Express", "I have read the manual"], en: ["Postal", "Required to go on"] },
    async interact(container) {
      const express = find<HTMLInputElement>(container, "input[value=express]");
      await click(express);
      if (!express.checked) throw new Error("the radio did not take the choice");
    },
  },
];
