import { addMonths, format, subMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/web-services-reminder";
import { loader } from "./web-services-reminder";
import { createLoadContext, type AreaOELoadContext } from "~/load-context";

function load(query: string, lang: "pt" | "en" = "pt") {
  const request = new Request(`http://localhost/areaOE/public/webservices/lembrete-renovacao.ics${query}`);
  try {
    return loader({ request, url: new URL(request.url), context: createLoadContext({ lang } as AreaOELoadContext), params: {} } as unknown as Route.LoaderArgs);
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("the renewal reminder route", () => {
  it("answers an .ics file to download, in the language sent with the date", async () => {
    const expiry = addMonths(new Date(), 3);
    const response = load(`?validade=${format(expiry, "yyyy-MM-dd")}&lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="certificate-renewal-reminder.ics"');
    const ics = await response.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/\r\nUID:[0-9a-f-]{36}@areaoe\r\n/);
    expect(ics).toContain(`\r\nDTSTART;VALUE=DATE:${format(subMonths(expiry, 1), "yyyyMMdd")}\r\n`);
    expect(ics).toContain("\r\nSUMMARY;LANGUAGE=en:Request the renewal of the web-service certificate\r\n");
  });

  it("with certificado=autoridade, reminds of the authority's certificate, not of one's own renewal", async () => {
    const expiry = addMonths(new Date(), 5);
    const response = load(`?validade=${format(expiry, "yyyy-MM-dd")}&lang=en&certificado=autoridade`);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="authority-certificate-reminder.ics"');
    const ics = (await response.text()).replace(/\r\n /g, "");
    expect(ics).toContain(`\r\nDTSTART;VALUE=DATE:${format(subMonths(expiry, 1), "yyyyMMdd")}\r\n`);
    expect(ics).toContain("\r\nSUMMARY;LANGUAGE=en:Install the authority's new encryption certificate\r\n");
    expect(ics).toContain("The authority's encryption certificate for the security header expires on");
  });

  it("names the file in Portuguese for pt", () => {
    const response = load(`?validade=${format(addMonths(new Date(), 3), "dd/MM/yyyy")}`, "pt");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="lembrete-renovacao-certificado.ics"');
  });

  // The router adds the base path (/areaOE) to the redirect; e2e/no-js-widgets.spec.ts follows it.
  it.each(["", "?validade=31%2F02%2F2026&lang=pt", `?validade=2000-01-01&lang=en`])(
    "sends an address with no reminder (%j) back to the planner, which says why",
    (query) => {
      const response = load(query);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/public/webservices${query}#renewal-planner`);
    },
  );
});
