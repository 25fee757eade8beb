// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { addDays, addMonths, differenceInCalendarDays, format, subMonths } from "date-fns";
import { enGB } from "date-fns/locale";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { isNonWorkingDay } from "~/lib/portuguese-holidays";
import { withI18n } from "~/components/ui/test-i18n";
import type { Language } from "~/i18n/languages";
import { CertificateRenewalPlanner } from "./certificate-renewal-planner";
import { readRenewalCheck } from "./renewal-check";

afterEach(cleanup);

const REMINDER = "/areaOE/public/webservices/lembrete-renovacao.ics";

/** The planner as the page serves it: the server's answer for the address, then the browser's own. */
async function renderPlanner(lang: Language) {
  window.history.replaceState(null, "", "/webservices");
  render(withI18n(<CertificateRenewalPlanner check={readRenewalCheck(new URL(window.location.href), lang)} reminderHref={REMINDER} />, lang));
  return screen.findByRole("textbox");
}

describe("<CertificateRenewalPlanner>", () => {
  it("shows the last day and the days left, focuses them, and links to the .ics reminder", async () => {
    const user = userEvent.setup();
    const input = await renderPlanner("en");
    // An expiry whose day one month before is a working day (the next test moves one that is not).
    let expiry = addDays(addMonths(new Date(), 1), 10);
    while (isNonWorkingDay(format(subMonths(expiry, 1), "yyyy-MM-dd"))) expiry = addDays(expiry, 1);
    const lastDay = subMonths(expiry, 1);
    const days = differenceInCalendarDays(lastDay, new Date());
    await user.type(input, format(expiry, "dd/MM/yyyy"));
    await user.click(screen.getByRole("button", { name: "Calculate the last day" }));
    const heading = await screen.findByText(`Request the renewal by ${format(lastDay, "PPP", { locale: enGB })}.`);
    expect(screen.getByText(`${days} days left.`)).toBeInTheDocument();
    expect(heading.closest("[tabindex]")).toHaveFocus();
    const link = screen.getByRole("link", { name: "Download a calendar reminder (.ics)" });
    expect(link).toHaveAttribute("href", `${REMINDER}?validade=${format(expiry, "yyyy-MM-dd")}&lang=en`);
    expect(link).toHaveAttribute("download", "certificate-renewal-reminder.ics");
    // The answer's address: shareable, and what the server answers without JavaScript.
    expect(`${window.location.search}${window.location.hash}`).toBe(`?validade=${encodeURIComponent(format(expiry, "dd/MM/yyyy"))}&lang=en#renewal-planner`);
  });

  it("answers the working day before a closed day, saying why, and promises the calendar only once it is there", () => {
    // The server's answer (no JavaScript): one month before 1 January 2027 is 1 December 2026, a holiday.
    const check = readRenewalCheck(new URL("http://portal.invalid/webservices?validade=01%2F01%2F2027&lang=pt"), "pt", new Date(2026, 9, 1));
    const html = renderToString(withI18n(<CertificateRenewalPlanner check={check} reminderHref={REMINDER} />, "pt"));
    expect(html).toContain("Peça a renovação até 30 de novembro de 2026.");
    expect(html).toContain("1 de dezembro de 2026, um mês antes do fim da validade, é feriado nacional (artigo 234.º do Código do Trabalho)");
    expect(html).toContain(`${REMINDER}?validade=2027-01-01&amp;lang=pt`);
    // The hint of the server's HTML, which works without JavaScript, does not mention the calendar.
    expect(html).toContain("Por exemplo, 31/12/2026.");
    expect(html).not.toContain("no calendário");
    expect(html).toContain("data-answered-panel");
  });

  it("says clearly when the last day has passed, and refuses an impossible date (pt)", async () => {
    const user = userEvent.setup();
    const input = await renderPlanner("pt");
    await user.type(input, "31/02/2026");
    await user.click(screen.getByRole("button", { name: "Calcular o último dia" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Introduza uma data real: 31/02/2026 não existe");
    expect(input).toHaveValue("31/02/2026");
    await user.clear(input);
    await user.type(input, format(addDays(new Date(), 20), "dd/MM/yyyy"));
    await user.click(screen.getByRole("button", { name: "Calcular o último dia" }));
    expect(await screen.findByText(/^Este dia já passou há \d+ dias: peça a renovação já/)).toBeInTheDocument();
  });

  it("offers no reminder for an expired certificate, and says 'Obrigatório' when empty", async () => {
    const user = userEvent.setup();
    const input = await renderPlanner("pt");
    await user.click(screen.getByRole("button", { name: "Calcular o último dia" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Obrigatório");
    await user.type(input, format(addDays(new Date(), -3), "dd/MM/yyyy"));
    await user.click(screen.getByRole("button", { name: "Calcular o último dia" }));
    expect(await screen.findByText(/^O certificado expirou em /)).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
