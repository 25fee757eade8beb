import { addMonths, format, subMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { reminderDownload } from "./reminder-download.server";

const ADDRESS = "http://localhost/areaOE/public/webservices/lembrete-renovacao.ics";
const download = (query: string, lang: "pt" | "en" = "pt") => reminderDownload(new URL(`${ADDRESS}${query}`), lang);

describe("the renewal reminder", () => {
  it("is an .ics file to download, in the language sent with the date", () => {
    const expiry = addMonths(new Date(), 3);
    const answer = download(`?validade=${format(expiry, "yyyy-MM-dd")}&lang=en`, "pt");
    if (answer.kind !== "file") throw new Error(`expected a file, got ${JSON.stringify(answer)}`);
    expect(answer.fileName).toBe("certificate-renewal-reminder.ics");
    expect(answer.ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(answer.ics).toMatch(/\r\nUID:[0-9a-f-]{36}@areaoe\r\n/);
    expect(answer.ics).toContain(`\r\nDTSTART;VALUE=DATE:${format(subMonths(expiry, 1), "yyyyMMdd")}\r\n`);
    expect(answer.ics).toContain("\r\nSUMMARY;LANGUAGE=en:Request the renewal of the web-service certificate\r\n");
  });

  it("with certificado=autoridade, reminds of the authority's certificate, not of one's own renewal", () => {
    const expiry = addMonths(new Date(), 5);
    const answer = download(`?validade=${format(expiry, "yyyy-MM-dd")}&lang=en&certificado=autoridade`);
    if (answer.kind !== "file") throw new Error(`expected a file, got ${JSON.stringify(answer)}`);
    expect(answer.fileName).toBe("authority-certificate-reminder.ics");
    const ics = answer.ics.replace(/\r\n /g, "");
    expect(ics).toContain(`\r\nDTSTART;VALUE=DATE:${format(subMonths(expiry, 1), "yyyyMMdd")}\r\n`);
    expect(ics).toContain("\r\nSUMMARY;LANGUAGE=en:Install the authority's new encryption certificate\r\n");
    expect(ics).toContain("The authority's encryption certificate for the security header expires on");
  });

  it("names the file in Portuguese for pt", () => {
    const answer = download(`?validade=${format(addMonths(new Date(), 3), "dd/MM/yyyy")}`, "pt");
    expect(answer).toMatchObject({ kind: "file", fileName: "lembrete-renovacao-certificado.ics" });
  });

  // e2e/no-js-widgets.spec.ts follows the redirect the server makes of it.
  it.each(["", "?validade=31%2F02%2F2026&lang=pt", `?validade=2000-01-01&lang=en`])(
    "sends an address with no reminder (%j) back to the planner, which says why",
    (query) => {
      expect(download(query)).toEqual({ kind: "back", location: `/areaOE/public/webservices${query}#renewal-planner` });
    },
  );
});
