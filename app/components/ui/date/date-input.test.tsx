// @vitest-environment jsdom
import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DateInput } from "./date-input";
import { withI18n } from "~/components/ui/test-i18n";

afterEach(cleanup);

function Harness() {
  const [text, setText] = useState("15/03/2027");
  return (
    <>
      <label htmlFor="expiry">Expiry</label>
      <DateInput id="expiry" value={text} onValueChange={(value) => setText(value)} />
    </>
  );
}

describe("<DateInput>'s calendar, loaded on first use", () => {
  it("opens on the typed day once its chunk is loaded, and a picked day goes into the field", async () => {
    render(withI18n(<Harness />, "en"));
    // Before any press, the page has the button but not the calendar's code or dialog.
    const button = screen.getByRole("button", { name: "Choose the date from a calendar" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(button);
    // The calendar's chunk (react-day-picker, Radix's popover) is transformed on its first import here,
    // which on a loaded two-core machine took longer than the default wait.
    const calendar = await screen.findByRole("dialog", { name: "Calendar" }, { timeout: 15_000 });
    const selected = calendar.querySelector("[aria-selected=true] button, button[aria-selected=true], td[aria-selected=true] button");
    expect(selected?.textContent).toBe("15");
    fireEvent.click(screen.getByRole("button", { name: /^Tuesday, 16 March 2027/ }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((screen.getByLabelText("Expiry") as HTMLInputElement).value).toBe("16/03/2027");
  }, 30_000);
});
