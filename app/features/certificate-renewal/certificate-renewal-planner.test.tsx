// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { addDays, addMonths, differenceInCalendarDays, format, subMonths } from "date-fns";
import { enGB } from "date-fns/locale";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import type { Language } from "~/i18n/languages";
import { CertificateRenewalPlanner } from "./certificate-renewal-planner";
import { readRenewalCheck, type RenewalCheckState } from "./renewal-check";

afterEach(cleanup);

const REMINDER = "/areaOE/public/webservices/lembrete-renovacao.ics";

function Page() {
  return <CertificateRenewalPlanner check={useLoaderData<RenewalCheckState>()} reminderHref={REMINDER} />;
}

/** The planner on a page whose loader answers the address, as the route's loaders do. */
async function renderPlanner(lang: Language) {
  const Stub = createRoutesStub([
    { path: "/webservices", Component: Page, loader: ({ request }) => readRenewalCheck(new URL(request.url), lang), HydrateFallback: () => null },
  ]);
  render(withI18n(<Stub initialEntries={["/webservices"]} />, lang));
  return screen.findByRole("textbox");
}

describe("<CertificateRenewalPlanner>", () => {
  it("shows the last day and the days left, focuses them, and links to the .ics reminder", async () => {
    const user = userEvent.setup();
    const input = await renderPlanner("en");
    const expiry = addDays(addMonths(new Date(), 1), 10);
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
