// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorSummary } from "./error-summary";
import { Field } from "./field";
import { isBlank, MANDATORY_MESSAGE_KEY } from "./form-validation";
import { Input } from "./input";
import { TEXTAREA_CELL_ROWS, TEXTAREA_ROWS, Textarea } from "./textarea";
import { withI18n } from "~/components/ui/test-i18n";

afterEach(cleanup);

const LABELS: Record<string, string> = { username: "Username", note: "Note" };

function DemoForm() {
  const { t } = useTranslation("ui");
  const [username, setUsername] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (isBlank(username)) next.username = t(MANDATORY_MESSAGE_KEY);
    if (isBlank(note)) next.note = t(MANDATORY_MESSAGE_KEY);
    setErrors(next);
  };
  return (
    <form onSubmit={submit} noValidate>
      <ErrorSummary errors={Object.entries(errors).map(([fieldId, message]) => ({ fieldId, label: LABELS[fieldId] ?? fieldId, message }))} />
      <Field id="username" label={LABELS.username} hint="NIF/UserID" error={errors.username} required>
        <Input value={username} onChange={(event) => setUsername(event.target.value)} />
      </Field>
      <Field id="note" label={LABELS.note} error={errors.note} required>
        <Textarea value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <button type="submit">Send</button>
    </form>
  );
}

describe("forms", () => {
  it("pins the textarea rows", () => {
    expect(TEXTAREA_ROWS).toBe(3);
    expect(TEXTAREA_CELL_ROWS).toBe(1);
    render(withI18n(<><Textarea aria-label="a" /><Textarea aria-label="b" inCell /><Textarea aria-label="c" inCell rows={4} /></>));
    expect(screen.getByLabelText("a")).toHaveAttribute("rows", "3");
    expect(screen.getByLabelText("b")).toHaveAttribute("rows", "1");
    expect(screen.getByLabelText("c")).toHaveAttribute("rows", "4");
  });

  it("wires label, hint and error to the control", () => {
    render(withI18n(<Field id="x" label="Name" hint="As on your card" error="Mandatory" required><Input /></Field>));
    const input = screen.getByLabelText("Name");
    expect(input).toHaveAttribute("id", "x");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-required", "true");
    expect(input).toHaveAccessibleDescription("As on your card Error: Mandatory");
  });

  it("shows 'Mandatory' per field and a focused summary that links to each field (en)", async () => {
    const user = userEvent.setup();
    render(withI18n(<DemoForm />));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Note"), "kept text");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("Please, correct the errors in the fields.");
    expect(summary).toHaveFocus();
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("NIF/UserID Error: Mandatory");
    expect(screen.getByLabelText("Note")).toHaveValue("kept text");
    // Each entry names its field.
    expect(within(summary).getAllByRole("link").map((link) => link.textContent)).toEqual(["Username: Mandatory"]);
    await user.click(screen.getByRole("link", { name: "Username: Mandatory" }));
    expect(screen.getByLabelText("Username")).toHaveFocus();
  });

  it("speaks Portuguese", async () => {
    const user = userEvent.setup();
    render(withI18n(<DemoForm />, "pt"));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Por favor, corrija os erros nos campos.");
    expect(screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Username: Obrigatório", "#username"],
      ["Note: Obrigatório", "#note"],
    ]);
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("NIF/UserID Erro: Obrigatório");
  });
});
