import { useId, type Ref } from "react";
import { pageHref } from "~/config/site-map";
import { useTranslation } from "~/i18n/use-translation";
import { keepLanguage, useKeptLanguage } from "~/components/ui/link/kept-language";
import { findingCatalogueHref, findingText } from "./finding-text";
import type { HeaderCheckFinding, HeaderCheckOutcome } from "./header-check";

export interface HeaderCheckReportProps {
  outcome: HeaderCheckOutcome;
  passwordCompared: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** What the checker found, in the order to fix it: each finding says what is wrong and what to change. */
export function HeaderCheckReport({ outcome, passwordCompared, headingRef }: HeaderCheckReportProps) {
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
            <FindingItem key={`${finding.code}-${index}`} finding={finding} />
          ))}
        </ol>
      )}
      {warnings.length > 0 ? (
        <>
          <h4>{t("check.warningsTitle")}</h4>
          <ul className="header-check__findings">
            {warnings.map((finding, index) => (
              <FindingItem key={`${finding.code}-${index}`} finding={finding} />
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

function FindingItem({ finding }: { finding: HeaderCheckFinding }) {
  const { t } = useTranslation("security-header");
  const kept = useKeptLanguage();
  // The link is named "CODE in the fault catalogue…" from the code shown above it, so the code is
  // written once on the page (a reader's search or a test finds one element) and the name stays whole.
  const id = useId();
  // The same words as the sandbox's Fault (finding-text.ts): from the code and its params.
  const text = findingText(t, finding);
  return (
    <li className="header-check__finding">
      <p className="header-check__finding-title">
        <strong>{text.title}</strong> <code className="header-check__code" id={`${id}-code`}>{finding.code}</code>
      </p>
      <p>{text.fix}</p>
      {text.cause ? <p>{text.cause}</p> : null}
      <p>
        <a href={keepLanguage(findingCatalogueHref(finding.code), kept)} id={`${id}-link`} aria-labelledby={`${id}-code ${id}-link`}>
          {t("check.catalogueLink")}
        </a>
      </p>
    </li>
  );
}
