import { pageHref, ServerPage, serverT, type Language } from "../../app/server-surface";
import type { RequestTrace } from "./request-log";

const CATALOGUE = pageHref("security-header-faults");
const CHECKER = pageHref("security-header-check");

type Value = string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

/** One value of a step as text: codes and numbers as they are, yes/no in words, lists joined. */
function ValueText({ lang, value }: { lang: Language; value: Value }) {
  const t = serverT(lang, "sandbox-trace");
  if (value === null || value === undefined || value === "") return <>{t("none")}</>;
  if (typeof value === "boolean") return <>{value ? t("yes") : t("no")}</>;
  if (typeof value === "number") return <code>{String(value)}</code>;
  if (typeof value === "string") return <code>{value}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <>{t("none")}</>;
    return (
      <ul>
        {value.map((item, index) => (
          <li key={index}>
            <ValueText lang={lang} value={item as Value} />
          </li>
        ))}
      </ul>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return (
    <dl className="header-check__facts">
      {entries.map(([key, inner]) => (
        <Fact key={key} lang={lang} name={key} value={inner as Value} />
      ))}
    </dl>
  );
}

/** A field of a step: its label from the texts (the field's own name when the texts have none). */
function Fact({ lang, name, value }: { lang: Language; name: string; value: Value }) {
  const t = serverT(lang, "sandbox-trace", "field");
  const label = t(name);
  return (
    <>
      <dt>{label === name ? <code>{name}</code> : label}</dt>
      <dd>
        <ValueText lang={lang} value={value} />
      </dd>
    </>
  );
}

interface TraceStep {
  readonly step?: unknown;
  readonly [field: string]: unknown;
}

function stepsOf(trace: unknown): TraceStep[] {
  const steps = (trace as { steps?: unknown } | null)?.steps;
  return Array.isArray(steps) ? steps.filter((step): step is TraceStep => typeof step === "object" && step !== null) : [];
}

function StepSection({ lang, step, index }: { lang: Language; step: TraceStep; index: number }) {
  const t = serverT(lang, "sandbox-trace", "step");
  const name = typeof step.step === "string" ? step.step : String(index + 1);
  const title = t(name);
  const { step: _name, ...fields } = step;
  return (
    <li>
      <h3 id={`step-${index + 1}`}>{title === name ? name : title}</h3>
      <dl className="header-check__facts">
        {Object.entries(fields).map(([key, value]) => (
          <Fact key={key} lang={lang} name={key} value={value as Value} />
        ))}
      </dl>
    </li>
  );
}

/** The decoded trace of one sandbox request or checker run, step by step, with each finding's catalogue entry. */
export function RequestTracePage({ lang, trace }: { lang: Language; trace: RequestTrace; catalogue?: string }) {
  const t = serverT(lang, "sandbox-trace");
  const findingText = serverT(lang, "security-header", "check.finding");
  const steps = stepsOf(trace.trace);
  return (
    <ServerPage lang={lang} title={t("title")}>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <section aria-labelledby="trace-summary">
        <h2 id="trace-summary">{t("summaryTitle")}</h2>
        <dl className="header-check__facts">
          <dt>{t("summary.id")}</dt>
          <dd>
            <code>{trace.id}</code>
          </dd>
          <dt>{t("summary.source")}</dt>
          <dd>{t(`source.${trace.source}`)}</dd>
          <dt>{t("summary.receivedAt")}</dt>
          <dd>
            <code>{trace.receivedAt}</code>
          </dd>
          <dt>{t("summary.verdict")}</dt>
          <dd>{trace.ok ? t("verdict.accepted") : t("verdict.refused")}</dd>
          <dt>{t("summary.username")}</dt>
          <dd>{trace.username ? <code>{trace.username}</code> : t("none")}</dd>
          <dt>{t("summary.form")}</dt>
          <dd>{trace.form ? serverT(lang, "security-header")(`check.formName.${trace.form}`) : t("none")}</dd>
          <dt>{t("summary.createdAt")}</dt>
          <dd>{trace.createdAt ? <code>{trace.createdAt}</code> : t("none")}</dd>
          <dt>{t("summary.key")}</dt>
          <dd>{trace.keyId ? <code>{trace.keyId}</code> : t("none")}</dd>
          <dt>{t("summary.password")}</dt>
          <dd>{trace.passwordGiven ? t("password.compared") : t("password.notGiven")}</dd>
        </dl>
      </section>
      <section aria-labelledby="trace-findings">
        <h2 id="trace-findings">{t("findingsTitle")}</h2>
        {trace.findings.length === 0 ? (
          <p>{t("noFindings")}</p>
        ) : (
          <ol className="header-check__findings">
            {trace.findings.map((finding, index) => (
              <li key={`${finding.code}-${index}`} className="header-check__finding">
                <p className="header-check__finding-title">
                  <strong>{findingText(`${finding.code}.title`, { ...finding.params, interpolation: { escapeValue: false } })}</strong>{" "}
                  <code className="header-check__code">{finding.code}</code> ({t(`severity.${finding.severity}`)})
                </p>
                <p>
                  <a href={`${CATALOGUE}#${finding.code}`}>{t("catalogueLink", { code: finding.code })}</a>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="trace-steps">
        <h2 id="trace-steps">{t("stepsTitle")}</h2>
        {steps.length === 0 ? (
          <p>{t("noSteps")}</p>
        ) : (
          <ol>
            {steps.map((step, index) => (
              <StepSection key={index} lang={lang} step={step} index={index} />
            ))}
          </ol>
        )}
      </section>
      <p>{t("kept")}</p>
      <p>
        <a href={CHECKER}>{t("checkerLink")}</a>
      </p>
    </ServerPage>
  );
}

/** An unknown, expired or malformed id: a 404 page that says what the ids are and how long they live. */
export function TraceNotFoundPage({ lang }: { lang: Language }) {
  const t = serverT(lang, "sandbox-trace", "notFound");
  return (
    <ServerPage lang={lang} title={t("title")}>
      <h1>{t("title")}</h1>
      <p>{t("message")}</p>
      <p>
        <a href={CHECKER}>{serverT(lang, "sandbox-trace")("checkerLink")}</a>
      </p>
    </ServerPage>
  );
}
