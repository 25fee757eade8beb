import { useTranslation } from "~/i18n/use-translation";
import type { HeaderCheckCertificate } from "./header-check";

export interface TestCertificateDetailsProps {
  certificate: HeaderCheckCertificate;
  pemHref: string;
  derHref: string;
}

/** The portal's local TEST certificate: the two downloads and the facts to check a copy against. */
export function TestCertificateDetails({ certificate, pemHref, derHref }: TestCertificateDetailsProps) {
  const { t } = useTranslation("security-header");
  return (
    <div className="security-header-environment" data-testid="test-certificate">
      <ul className="test-certificate__downloads">
        <li>
          <a href={pemHref} download>
            {t("testCertificate.downloadPem")}
          </a>
        </li>
        <li>
          <a href={derHref} download>
            {t("testCertificate.downloadDer")}
          </a>
        </li>
      </ul>
      <dl className="security-header-environment__facts">
        <dt>{t("certificate.subject")}</dt>
        <dd>{certificate.subject}</dd>
        <dt>{t("certificate.notAfter")}</dt>
        <dd>
          <time dateTime={certificate.notAfter}>{certificate.notAfter.slice(0, 10)}</time>
        </dd>
        <dt>{t("certificate.keySize")}</dt>
        <dd>{t("certificate.keySizeValue", { bits: certificate.keySizeBits })}</dd>
        <dt>{t("certificate.fingerprint")}</dt>
        <dd className="security-header-environment__fingerprint">{certificate.sha256Fingerprint}</dd>
      </dl>
    </div>
  );
}
