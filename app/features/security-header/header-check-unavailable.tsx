import { useTranslation } from "~/i18n/use-translation";

/**
 * In place of the checker's form when the server switched the checker off at start (its runtime does
 * not do implicit rejection for RSA PKCS#1 v1.5, so it cannot decrypt a Nonce without leaking the key).
 */
export function HeaderCheckUnavailable() {
  const { t } = useTranslation("security-header");
  return (
    <section className="header-check" aria-labelledby="header-check-title" data-testid="header-check-unavailable">
      <h3 id="header-check-title">{t("check.formTitle")}</h3>
      <p className="callout callout--warning">{t("check.unavailable")}</p>
    </section>
  );
}
