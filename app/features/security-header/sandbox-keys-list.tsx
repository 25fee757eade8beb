import { feedPath } from "~/config/feeds";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";
import type { SandboxKeySummary } from "./header-check";

export interface SandboxKeysListProps {
  keys: readonly SandboxKeySummary[];
  /** The sandbox's key list as JSON (what the CLI's and the samples' --key-from read). */
  keysHref: string;
}

const utc = (iso: string) => `${iso.replace("T", " ").slice(0, 16)} UTC`;

/**
 * The sandbox's test keys (retired, current, next) with their validity and fingerprints, and each
 * certificate's downloads: an integrator rehearses the authority's key switch against them. A list of
 * facts per key (not a table): it fits a phone without a scroll box.
 */
export function SandboxKeysList({ keys, keysHref }: SandboxKeysListProps) {
  const { t } = useTranslation("security-header");
  const lang = useLanguage();
  return (
    <div data-testid="sandbox-keys">
      <ul className="sandbox-keys">
        {keys.map((key) => (
          <li key={key.id} className="security-header-environment">
            <p>
              <strong>{t(`sandboxKeys.statusName.${key.status}`)}</strong> <code>{key.id}</code>
            </p>
            <dl className="security-header-environment__facts">
              <dt>{t("sandboxKeys.validFrom")}</dt>
              <dd>
                <time dateTime={key.validFrom}>{utc(key.validFrom)}</time>
              </dd>
              <dt>{t("sandboxKeys.validUntil")}</dt>
              <dd>
                <time dateTime={key.validUntil}>{utc(key.validUntil)}</time>
              </dd>
              <dt>{t("certificate.fingerprint")}</dt>
              <dd className="security-header-environment__fingerprint">{key.fingerprintSha256}</dd>
              <dt>{t("sandboxKeys.downloads")}</dt>
              <dd>
                <a href={key.pemHref} download>
                  {t("sandboxKeys.pem", { id: key.id })}
                </a>
                {" · "}
                <a href={key.derHref} download>
                  {t("sandboxKeys.der", { id: key.id })}
                </a>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <p>
        <a href={keysHref}>{t("sandboxKeys.json")}</a>
      </p>
      <p>
        <a href={feedPath("certificates", lang)} type="application/atom+xml">
          {t("sandboxKeys.feed")}
        </a>
      </p>
    </div>
  );
}
