import { useTranslation } from "~/i18n/use-translation";
import type { AuthorityEnvironment } from "./authority-environment";

/** The certificate an environment encrypts with (public facts), and its warnings. */
export function EnvironmentDetails({ environment }: { environment: AuthorityEnvironment }) {
  const { t } = useTranslation("security-header");
  const { certificate } = environment;
  // ISO dates: the same text on the server and in the browser, whatever the locale data.
  const notAfter = certificate ? certificate.notAfter.slice(0, 10) : "";
  const expiryWarnings = environment.warnings.filter((code) => code !== "LOCAL_TEST_KEY");
  // A key whose headers the authority does not take: the form's local one, or the sandbox's.
  const notice = environment.localTest ? (["localTestTitle", "localTestKey"] as const) : environment.sandbox ? (["sandboxTitle", "sandboxKey"] as const) : null;
  return (
    <div className="security-header-environment" data-testid={`environment-${environment.id}`}>
      {notice ? (
        <div className="callout callout--warning">
          <p className="callout__title">
            <strong>{t(notice[0])}</strong>
          </p>
          <p>{t(notice[1])}</p>
        </div>
      ) : null}
      {expiryWarnings.map((code) => (
        <div key={code} className="callout callout--warning">
          <p>{t(`certificateWarning.${code}`, { date: notAfter })}</p>
        </div>
      ))}
      <dl className="security-header-environment__facts">
        {certificate ? (
          <>
            <dt>{t("certificate.subject")}</dt>
            <dd>{certificate.subject}</dd>
            <dt>{t("certificate.notAfter")}</dt>
            <dd>
              <time dateTime={certificate.notAfter}>{notAfter}</time>
            </dd>
          </>
        ) : (
          <>
            <dt>{t("certificate.subject")}</dt>
            <dd>{t("certificate.publicKeyOnly")}</dd>
          </>
        )}
        <dt>{t("certificate.keySize")}</dt>
        <dd>{t("certificate.keySizeValue", { bits: environment.keySizeBits })}</dd>
        {certificate ? (
          <>
            <dt>{t("certificate.fingerprint")}</dt>
            <dd className="security-header-environment__fingerprint">{certificate.sha256Fingerprint}</dd>
          </>
        ) : null}
        {environment.downloads ? (
          <>
            <dt>{t("certificate.download")}</dt>
            <dd>
              <a href={environment.downloads.pem} download>
                {t("certificate.downloadPem")}
              </a>
              {" · "}
              <a href={environment.downloads.der} download>
                {t("certificate.downloadDer")}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
