import type { Ref } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { ForeignHeaderKey } from "./header-check";

const TITLE = {
  "form-local-key": "check.madeFor.formLocalKeyTitle",
  "authority-test": "check.madeFor.authorityTestTitle",
  "authority-production": "check.madeFor.authorityProductionTitle",
} as const;

export interface HeaderCheckKeyNoticeProps {
  madeFor: ForeignHeaderKey;
  /** The generation form with the sandbox's current key chosen: the header it makes passes this checker. */
  sandboxFormHref: string;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The checker's answer to a header the generation form made for a key the checker cannot decrypt with:
 * which key it was (the form said so), why the checker never decrypts with it, and the way to a
 * header it can check (the form, with the sandbox's key chosen).
 */
export function HeaderCheckKeyNotice({ madeFor, sandboxFormHref, headingRef }: HeaderCheckKeyNoticeProps) {
  const { t } = useTranslation("security-header");
  return (
    <section className="header-check__report callout callout--warning" aria-labelledby="header-check-report-title" data-testid="header-check-key-notice">
      <h3 id="header-check-report-title" ref={headingRef} tabIndex={-1}>
        {t(TITLE[madeFor])}
      </h3>
      <p>{madeFor === "form-local-key" ? t("check.madeFor.formLocalKey") : t("check.madeFor.authority")}</p>
      <p>
        {t("check.madeFor.offer")} <a href={sandboxFormHref}>{t("check.madeFor.offerLink")}</a>
      </p>
    </section>
  );
}
