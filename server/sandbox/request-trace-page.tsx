import { findingText, LANGUAGE_QUERY, pageHref, ServerPage, serverT, type Language } from "../../app/server-surface";
import type { RecordBounds } from "../shared-state/bounded-records";
import type { RequestTrace, TraceLookup } from "./request-log";

/**
 * A page's address, with the language the visitor chose by the address kept (`?lang=en`): a client
 * without cookies (a script's browser, a private window that refuses them) stays in its language.
 */
function keepingLanguage(href: string, lang: Language | undefined): string {
  if (!lang) return href;
  const at = href.indexOf("#");
  const [path, hash] = at < 0 ? [href, ""] : [href.slice(0, at), href.slice(at)];
  return `${path}${path.includes("?") ? "&" : "?"}${LANGUAGE_QUERY}=${lang}${hash}`;
}
const checkerHref = (lang: Language | undefined) => keepingLanguage(pageHref("security-header-check"), lang);
const catalogueHref = (code: string, lang: Language | undefined) => keepingLanguage(`${pageHref("security-header-faults")}#${code}`, lang);

type Value = string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A field's label from the texts (the field's own name, as code, when the texts have none). */
function fieldLabel(lang: Language, name: string): string | null {
  const label = serverT(lang, "sandbox-trace", "field")(name, { defaultValue: name });
  return label === name ? null : label;
}

/**
 * A coded value in words, when the texts name it (the Nonce's RSA padding, the Password's AES mode), with
 * its code beside it for the JSON; null for a value the texts do not name.
 */
function valueWords(lang: Language, name: string, value: string): string | null {
  const words = serverT(lang, "sandbox-trace", "value")(`${name}.${value}`, { defaultValue: "" });
  return words === "" ? null : words;
}

/** One value of a step as text: codes and numbers as they are (named codes in words), yes/no in words, lists of records as a table. */
function ValueText({ lang, name, value }: { lang: Language; name: string; value: Value }) {
  const t = serverT(lang, "sandbox-trace");
  if (value === null || value === undefined || value === "") return <>{name === "matchesGiven" ? t("notCompared") : t("none")}</>;
  if (typeof value === "boolean") return <>{value ? t("yes") : t("no")}</>;
  if (typeof value === "string") {
    const words = valueWords(lang, name, value);
    if (words)
      return (
        <>
          {words} (<code>{value}</code>)
        </>
      );
  }
  if (typeof value === "number" || typeof value === "string") return <code>{String(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <>{t("none")}</>;
    if (value.every(isRecord)) {
      const columns = Object.keys(value[0] as Record<string, unknown>);
      return (
        <table>
          <caption>{fieldLabel(lang, name) ?? name}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {fieldLabel(lang, column) ?? column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {value.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column}>
                    <ValueText lang={lang} name={column} value={(row as Record<string, unknown>)[column] as Value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    return <code>{value.map(String).join(", ")}</code>;
  }
  return (
    <dl className="header-check__facts">
      {Object.entries(value as Record<string, unknown>).map(([key, inner]) => (
        <Fact key={key} lang={lang} name={key} value={inner as Value} />
      ))}
    </dl>
  );
}

/** A field of a step: its label, then its value. */
function Fact({ lang, name, value }: { lang: Language; name: string; value: Value }) {
  const label = fieldLabel(lang, name);
  return (
    <>
      <dt>{label ?? <code>{name}</code>}</dt>
      <dd>
        <ValueText lang={lang} name={name} value={value} />
      </dd>
    </>
  );
}

interface TraceStep {
  readonly step?: unknown;
  readonly [field: string]: unknown;
}

function stepsOf(trace: RequestTrace["trace"]): TraceStep[] {
  return (trace?.steps ?? []) as unknown as TraceStep[];
}

function StepSection({ lang, step, index }: { lang: Language; step: TraceStep; index: number }) {
  const t = serverT(lang, "sandbox-trace", "step");
  const name = typeof step.step === "string" ? step.step : String(index + 1);
  const title = t(name, { defaultValue: name });
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
export function RequestTracePage({ lang, trace, keepLanguage }: { lang: Language; trace: RequestTrace; keepLanguage?: Language | undefined }) {
  const t = serverT(lang, "sandbox-trace");
  return (
    <ServerPage lang={lang} title={t("title")}>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <TraceSummary lang={lang} trace={trace} />
      <TraceFindings lang={lang} findings={trace.findings} keepLanguage={keepLanguage} />
      <TraceSteps lang={lang} trace={trace.trace} />
      <p>{trace.apiKey ? t("keptWithKey") : t("kept")}</p>
      <p>
        <a href={checkerHref(keepLanguage)}>{t("checkerLink")}</a>
      </p>
    </ServerPage>
  );
}

/** What the request was and what came of it: its id, source, time, verdict, the header's facts and the test settings. */
function TraceSummary({ lang, trace }: { lang: Language; trace: RequestTrace }) {
  const t = serverT(lang, "sandbox-trace");
  return (
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
        <dt>{t("summary.apiKey")}</dt>
        <dd>{trace.apiKey ? <code>{trace.apiKey}</code> : t("anonymous")}</dd>
        {trace.asOf ? (
          <>
            <dt>{t("summary.asOf")}</dt>
            <dd>
              <code>{trace.asOf}</code>
            </dd>
          </>
        ) : null}
        <dt>{t("summary.strict")}</dt>
        <dd>{trace.strict ? t("yes") : t("no")}</dd>
      </dl>
    </section>
  );
}

/** The findings in the order to fix them, each in the checker page's words with its catalogue entry. */
function TraceFindings({ lang, findings, keepLanguage }: { lang: Language; findings: RequestTrace["findings"]; keepLanguage: Language | undefined }) {
  const t = serverT(lang, "sandbox-trace");
  const words = serverT(lang, "security-header");
  return (
    <section aria-labelledby="trace-findings">
      <h2 id="trace-findings">{t("findingsTitle")}</h2>
      {findings.length === 0 ? (
        <p>{t("noFindings")}</p>
      ) : (
        <ol className="header-check__findings">
          {findings.map((finding, index) => {
            // The checker page's and the sandbox's words for it (one verdict model: finding-text.ts).
            const text = findingText(words, finding);
            return (
              <li key={`${finding.code}-${index}`} className="header-check__finding">
                <p className="header-check__finding-title">
                  <strong>{text.title}</strong> <code className="header-check__code">{finding.code}</code> ({t(`severity.${finding.severity}`)})
                </p>
                <p>{text.fix}</p>
                {text.cause ? <p>{text.cause}</p> : null}
                <p>
                  <a href={catalogueHref(finding.code, keepLanguage)}>{t("catalogueLink", { code: finding.code })}</a>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** The verifier's steps as it took them (none when the trace was too large to keep them). */
function TraceSteps({ lang, trace }: { lang: Language; trace: RequestTrace["trace"] }) {
  const t = serverT(lang, "sandbox-trace");
  const steps = stepsOf(trace);
  return (
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
  );
}

/** The 404 of a trace: unknown (or not the visitor's), older than its 24 hours, or replaced by newer traces before them. */
export function TraceNotFoundPage({
  lang,
  reason,
  keepLanguage,
  bounds,
}: {
  lang: Language;
  reason: Exclude<TraceLookup["status"], "found">;
  keepLanguage?: Language | undefined;
  bounds: RecordBounds;
}) {
  const t = serverT(lang, "sandbox-trace", "notFound");
  const kilobytes = (bytes: number) => new Intl.NumberFormat(lang === "pt" ? "pt-PT" : "en-GB").format(Math.round(bytes / 1024));
  return (
    <ServerPage lang={lang} title={t(`${reason}.title`)}>
      <h1>{t(`${reason}.title`)}</h1>
      <p>{t(`${reason}.message`, { perClient: kilobytes(bounds.maxBytesPerOwner), inAll: kilobytes(bounds.maxBytesInAll) })}</p>
      <p>
        <a href={checkerHref(keepLanguage)}>{serverT(lang, "sandbox-trace")("checkerLink")}</a>
      </p>
    </ServerPage>
  );
}
