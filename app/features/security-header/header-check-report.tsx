import type { Ref } from "react";
import { pageHref } from "~/config/site-map";
import { useTranslation } from "~/i18n/use-translation";
import { keepLanguage, useKeptLanguage } from "~/components/ui/link/kept-language";
import { findingCatalogueHref, findingText } from "./finding-text";
import type { HeaderCheckFinding, HeaderCheckOutcome } from "./header-check";

export interface HeaderCheckReportProps {
  outcome: HeaderCheckOutcome;
  /** The generation form with the sandbox's current key chosen (named under a Nonce that does not fit). */
  sandboxFormHref: string;
  passwordCompared: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** What the checker found, in the order to fix it: each finding says what is wrong and what to change. */
export function HeaderCheckReport({ outcome, sandboxFormHref, passwordCompared, headingRef }: HeaderCheckReportProps) {
  const { t } = useTranslation("security-header");
  const kept = useKeptLanguage();
  const errors = outcome.findings.filter((finding) => finding.severity === "error");
  const warnings = outcome.findings.filter((finding) => finding.severity === "warning");
  return (
    <section className={`header-check__report callout ${outcome.ok ? "callout--success" : "callout--warning"}`} aria-labelledby="header-check-report-title">
      <h3 id="header-check-report-title" ref={headingRef} tabIndex={-1}>
        {outcome.ok ? t("check.acceptedTitle") : t("check.refusedTitle", { count: errors.length })}
      </h3>
      {outcome.ok ? (
        <dl className="header-check__facts">
          <dt>{t("check.fact.username")}</dt>
          <dd>{outcome.username}</dd>
          <dt>{t("check.fact.form")}</dt>
          <dd>{outcome.form ? t(`check.formName.${outcome.form}`) : "—"}</dd>
          <dt>{t("check.fact.created")}</dt>
          <dd>
            <code>{outcome.createdAt}</code>
          </dd>
          <dt>{t("check.fact.password")}</dt>
          <dd>{passwordCompared ? t("check.passwordMatched") : t("check.passwordNotCompared")}</dd>
        </dl>
      ) : (
        <ol className="header-check__findings">
          {errors.map((finding, index) => (
            <FindingItem key={`${finding.code}-${index}`} finding={finding} sandboxFormHref={sandboxFormHref} />
          ))}
        </ol>
      )}
      {warnings.length > 0 ? (
        <>
          <h4>{t("check.warningsTitle")}</h4>
          <ul className="header-check__findings">
            {warnings.map((finding, index) => (
              <FindingItem key={`${finding.code}-${index}`} finding={finding} sandboxFormHref={sandboxFormHref} />
            ))}
          </ul>
        </>
      ) : null}
      <p className="header-check__catalogue">
        <a href={keepLanguage(pageHref("security-header-faults"), kept)}>{t("check.catalogueAll")}</a>
      </p>
      {outcome.trace ? (
        <p>
          {t("check.traceId")} <code>{outcome.trace.id}</code> · <a href={outcome.trace.href}>{t("check.traceLink")}</a>
        </p>
      ) : null}
    </section>
  );
}

function FindingItem({ finding, sandboxFormHref }: { finding: HeaderCheckFinding; sandboxFormHref: string }) {
  const { t } = useTranslation("security-header");
  const kept = useKeptLanguage();
  // The same words as the sandbox's Fault (finding-text.ts): from the code and its params.
  const text = findingText(t, finding);
  return (
    <li className="header-check__finding">
      <p className="header-check__finding-title">
        <strong>{text.title}</strong>
      </p>
      <p>{text.fix}</p>
      {text.cause ? <p>{text.cause}</p> : null}
      {/* A header pasted from the portal's own form is most often made for another key than the sandbox's: say so, and how to make one for it. */}
      {finding.code === "NONCE_UNDECRYPTABLE" ? (
        <p data-testid="made-with-form-hint">
          {t("check.madeFor.pasted")} <a href={sandboxFormHref}>{t("check.madeFor.pastedLink")}</a>
        </p>
      ) : null}
      <p>
        {/* The link says which code it opens ("NONCE_UNDECRYPTABLE in the fault catalogue…"): no two links of a report read alike, and the code is written once. */}
        <a href={keepLanguage(findingCatalogueHref(finding.code), kept)} className="header-check__catalogue-link">
          <code className="header-check__code">{finding.code}</code> {t("check.catalogueLink")}
        </a>
      </p>
    </li>
  );
}
