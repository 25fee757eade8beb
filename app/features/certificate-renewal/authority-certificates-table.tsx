import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { expiryDay, type AuthorityCertificateSummary } from "./authority-certificates";
import { authorityReminderQuery, longDay } from "./renewal-reminder";

/** Id of the table's block: the content links to it. */
export const AUTHORITY_CERTIFICATES_ID = "authority-certificates";

export interface AuthorityCertificatesTableProps {
  /** From the route's loader: the certificates the portal was started with, as of the request. */
  certificates: readonly AuthorityCertificateSummary[];
  /** Address of the .ics reminder (the renewal planner's resource route). */
  reminderHref: string;
}

/**
 * The authority's encryption certificates, one column per environment and one row per fact, so that
 * two environments still fit a phone; the same data as GET /api/authority-certificates. Plain HTML:
 * complete from the server, nothing to run in the browser.
 */
export function AuthorityCertificatesTable({ certificates, reminderHref }: AuthorityCertificatesTableProps) {
  const { t } = useTranslation("certificate-renewal", { keyPrefix: "authority" });
  const lang = useLanguage();
  if (certificates.length === 0) return <p id={AUTHORITY_CERTIFICATES_ID}>{t("none")}</p>;

  const when = (iso: string | null) => (iso === null ? t("publicKeyOnly") : t("dateTime", { date: longDay(expiryDay(iso), lang), time: iso.slice(11, 16) }));
  const text = (value: string | null) => value ?? t("publicKeyOnly");
  const fingerprint = (value: string | null) => (value === null ? t("publicKeyOnly") : <code className="authority-certificates__fingerprint">{value}</code>);
  const rows: { key: string; label: string; cell: (certificate: AuthorityCertificateSummary) => ReactNode }[] = [
    { key: "subject", label: t("subject"), cell: (c) => text(c.subject) },
    { key: "issuer", label: t("issuer"), cell: (c) => text(c.issuer) },
    { key: "serial", label: t("serialNumber"), cell: (c) => (c.serialNumber === null ? t("publicKeyOnly") : <code>{c.serialNumber}</code>) },
    { key: "not-before", label: t("notBefore"), cell: (c) => when(c.notBefore) },
    { key: "not-after", label: t("notAfter"), cell: (c) => when(c.notAfter) },
    {
      key: "days-left",
      label: t("daysLeftLabel"),
      cell: (c) =>
        c.daysLeft === null ? t("publicKeyOnly") : c.daysLeft < 0 ? <strong className="authority-certificates__expired">{t("expired")}</strong> : t("daysLeft", { count: c.daysLeft }),
    },
    { key: "key-size", label: t("keySize"), cell: (c) => t("keyBits", { bits: c.keySizeBits }) },
    { key: "fingerprint", label: t("fingerprint"), cell: (c) => fingerprint(c.sha256Fingerprint) },
    { key: "spki-fingerprint", label: t("spkiFingerprint"), cell: (c) => fingerprint(c.spkiSha256Fingerprint) },
    {
      key: "download",
      label: t("download"),
      cell: (c) =>
        c.downloads ? (
          <>
            <a href={c.downloads.pem} download>
              {t("downloadPem")}
            </a>
            {" · "}
            <a href={c.downloads.der} download>
              {t("downloadDer")}
            </a>
          </>
        ) : (
          t("publicKeyOnly")
        ),
    },
    {
      key: "reminder",
      label: t("reminder"),
      cell: (c) =>
        c.notAfter === null ? t("publicKeyOnly") : c.daysLeft !== null && c.daysLeft < 0 ? t("noReminder") : (
          // A plain link: the server makes the file, with or without JavaScript.
          <a href={`${reminderHref}${authorityReminderQuery(expiryDay(c.notAfter), lang)}`} download={t("fileName")}>
            {t("reminderLink")}
          </a>
        ),
    },
  ];

  return (
    <div id={AUTHORITY_CERTIFICATES_ID} className="authority-certificates">
      <table className="authority-certificates__table" data-testid="authority-certificates">
        <caption>{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("field")}</th>
            {certificates.map((c) => (
              <th scope="col" key={c.environment}>
                {t(`environment.${c.environment}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row">{row.label}</th>
              {certificates.map((c) => (
                <td key={c.environment}>{row.cell(c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {certificates.some((c) => c.localTest) ? <p className="authority-certificates__local-test">{t("localTest")}</p> : null}
    </div>
  );
}
