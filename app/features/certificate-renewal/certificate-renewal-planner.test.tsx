// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { addDays, addMonths, differenceInCalendarDays, format, subMonths } from "date-fns";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../components/ui/test-i18n";
import { CertificateRenewalPlanner } from "./certificate-renewal-planner";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("<CertificateRenewalPlanner>", () => {
  it("shows the last day and the days left, and downloads an .ics reminder", async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      created.push(blob as Blob);
      return "blob:test";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(withI18n(<CertificateRenewalPlanner />));
    const expiry = addDays(addMonths(new Date(), 1), 10);
    const lastDay = subMonths(expiry, 1);
    const days = differenceInCalendarDays(lastDay, new Date());
    await user.type(screen.getByLabelText("Expiry date of the certificate"), format(expiry, "dd/MM/yyyy"));
    await user.click(screen.getByRole("button", { name: "Calculate the last day" }));
    expect(screen.getByText(/^Request the renewal by /)).toBeInTheDocument();
    expect(screen.getByText(`${days} days left.`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Download a calendar reminder (.ics)" }));
    expect(click).toHaveBeenCalled();
    const ics = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${format(lastDay, "yyyyMMdd")}`);
    expect(ics).toContain("SUMMARY;LANGUAGE=en:Request the renewal of the web-service certificate");
  });

  it("says clearly when the last day has passed, and refuses an impossible date (pt)", async () => {
    const user = userEvent.setup();
    render(withI18n(<CertificateRenewalPlanner />, "pt"));
    const input = screen.getByLabelText("Data de fim de validade do certificado");
    await user.type(input, "31/02/2026");
    await user.click(screen.getByRole("button", { name: "Calcular o último dia" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Introduza uma data real: 31/02/2026 não existe");
    expect(input).toHaveValue("31/02/2026");
    await user.clear(input);
    await user.type(input, format(addDays(new Date(), 20), "dd/MM/yyyy"));
    await user.click(screen.getByRole("button", { name: "Calcular o último dia" }));
    expect(screen.getByText(/^Este dia já passou há \d+ dias: peça a renovação já/)).toBeInTheDocument();
  });
});
