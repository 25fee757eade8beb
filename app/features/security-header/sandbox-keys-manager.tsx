import { useTranslation } from "~/i18n/use-translation";
import { Field } from "~/components/ui/form/field";
import { Input } from "~/components/ui/form/input";
import { Select } from "~/components/ui/form/select";
import type { SandboxKeysContext, SandboxKeyView, SandboxRequestFilter, SandboxRequestPage } from "./sandbox-api-keys";

/** What the keys page's action answered: a key made (its secret, shown this once), a refusal, a change. */
export type SandboxKeysActionData =
  | { done: "created"; key: string; record: SandboxKeyView }
  | { done: "revoked" | "strict"; id: string }
  | { refused: "limit" | "name" | "signed-out" | "unknown" };

export interface SandboxKeysManagerProps {
  /** False when no identity provider is configured: keys need a signed-in owner. */
  signInEnabled: boolean;
  signedIn: boolean;
  /** Sign-in that comes back to this page; `demo`: it goes to the embedded demo provider. */
  signInHref: string;
  demo: boolean;
  facts: SandboxKeysContext["facts"];
  keys: readonly SandboxKeyView[];
  answer: SandboxKeysActionData | null;
  /** The key whose requests are listed, its filter and page (the page's GET form). */
  selected: string | null;
  filter: SandboxRequestFilter;
  requests: SandboxRequestPage | null;
  /** The codes the filter offers (the fault catalogue's). */
  codes: readonly string[];
  /** This page's address, and the query that keeps the visitor's language (`lang=en`), if chosen by address. */
  pageHref: string;
  keepLanguage?: string | undefined;
}

const utc = (iso: string) => `${iso.replace("T", " ").slice(0, 19)} UTC`;

/**
 * The integrator's own sandbox keys: make one (named, strict or not; its secret shown once), list,
 * set strict, revoke; then a key's requests, newest first, filtered by verdict and code, paged. Plain
 * forms answered by the server (no script): POST for changes, GET for the list.
 */
export function SandboxKeysManager(props: SandboxKeysManagerProps) {
  const { t } = useTranslation("security-header", { keyPrefix: "sandboxApiKeys" });
  const { signInEnabled, signedIn, signInHref, demo, facts, keys, answer } = props;
  if (!signInEnabled) {
    return (
      <section className="callout" aria-labelledby="sandbox-keys-title" data-testid="sandbox-keys-manager">
        <h2 id="sandbox-keys-title">{t("title")}</h2>
        <p>{t("signInOff")}</p>
      </section>
    );
  }
  if (!signedIn) {
    return (
      <section className="callout" aria-labelledby="sandbox-keys-title" data-testid="sandbox-keys-manager">
        <h2 id="sandbox-keys-title">{t("title")}</h2>
        <p>{t("signInWhy", { max: facts.maxKeys })}</p>
        <p>
          {/* A document link: the sign-in endpoint is served by the Node server, not by a route. */}
          <a href={signInHref} className="button button--primary">
            {t(demo ? "signInDemo" : "signIn")}
          </a>
        </p>
      </section>
    );
  }
  return (
    <div data-testid="sandbox-keys-manager">
      {answer && "done" in answer && answer.done === "created" ? (
        <section className="callout callout--warning" aria-labelledby="sandbox-key-created" role="status">
          <h2 id="sandbox-key-created">{t("created.title", { name: answer.record.name })}</h2>
          <p>{t("created.once")}</p>
          <p>
            <code className="sandbox-api-key" data-testid="sandbox-api-key">
              {answer.key}
            </code>
          </p>
          <p>{t("created.use")}</p>
          <p>
            <code className="sandbox-api-key">{t("created.header", { start: answer.key.slice(0, 12) })}</code>
          </p>
        </section>
      ) : null}
      {answer && "refused" in answer ? (
        <div className="callout callout--warning" role="alert">
          <p>{t(`refused.${answer.refused}`, { max: facts.maxKeys, length: facts.maxNameLength })}</p>
        </div>
      ) : null}
      {answer && "done" in answer && answer.done !== "created" ? <p role="status">{t(`done.${answer.done}`)}</p> : null}

      <section aria-labelledby="sandbox-keys-title">
        <h2 id="sandbox-keys-title">{t("yourKeys", { count: keys.length, max: facts.maxKeys })}</h2>
        {keys.length === 0 ? (
          <p>{t("none")}</p>
        ) : (
          <ul className="sandbox-api-keys">
            {keys.map((key) => (
              <li key={key.id} className="security-header-environment">
                <p>
                  <strong>{key.name}</strong> <code>{key.id}</code>
                </p>
                <dl className="security-header-environment__facts">
                  <dt>{t("createdAt")}</dt>
                  <dd>
                    <time dateTime={key.createdAt}>{utc(key.createdAt)}</time>
                  </dd>
                  <dt>{t("strict")}</dt>
                  <dd>{key.strict ? t("strictOn") : t("strictOff")}</dd>
                </dl>
                <div className="sandbox-api-keys__actions">
                  <form method="post">
                    <input type="hidden" name="intent" value="strict" />
                    <input type="hidden" name="id" value={key.id} />
                    <input type="hidden" name="strict" value={key.strict ? "off" : "on"} />
                    <button type="submit" className="button button--secondary">
                      {t(key.strict ? "strictTurnOff" : "strictTurnOn", { name: key.name })}
                    </button>
                  </form>
                  <form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={key.id} />
                    <button type="submit" className="button button--warning">
                      {t("revoke", { name: key.name })}
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {keys.length < facts.maxKeys ? (
        <section aria-labelledby="sandbox-key-new">
          <h2 id="sandbox-key-new">{t("new.title")}</h2>
          <form method="post" className="tool-panel">
            <input type="hidden" name="intent" value="create" />
            <Field id="sandbox-key-name" label={t("new.name")} hint={t("new.nameHint", { length: facts.maxNameLength })} required>
              <Input name="name" maxLength={facts.maxNameLength} autoComplete="off" />
            </Field>
            <div className="form-group">
              <input type="checkbox" id="sandbox-key-strict" name="strict" value="on" aria-describedby="sandbox-key-strict-hint" />{" "}
              <label htmlFor="sandbox-key-strict">{t("new.strict")}</label>
              <div id="sandbox-key-strict-hint" className="hint">
                {t("new.strictHint")}
              </div>
            </div>
            <button type="submit" className="button">
              {t("new.submit")}
            </button>
          </form>
        </section>
      ) : null}

      {keys.length > 0 ? <SandboxKeyRequests {...props} /> : null}
    </div>
  );
}

/** A key's requests: a GET form (key, verdict, code) and one page of the list, newest first. */
function SandboxKeyRequests({ keys, selected, filter, requests, codes, pageHref, keepLanguage }: SandboxKeysManagerProps) {
  const { t } = useTranslation("security-header", { keyPrefix: "sandboxApiKeys.requests" });
  const chosen = keys.find((key) => key.id === selected) ?? keys[0];
  const pageLink = (page: number) => {
    const query = new URLSearchParams();
    if (chosen) query.set("key", chosen.id);
    if (filter.verdict) query.set("verdict", filter.verdict);
    if (filter.code) query.set("code", filter.code);
    if (page > 1) query.set("page", String(page));
    if (keepLanguage) query.set("lang", keepLanguage);
    return `${pageHref}?${query.toString()}#sandbox-key-requests`;
  };
  return (
    <section aria-labelledby="sandbox-key-requests">
      <h2 id="sandbox-key-requests">{t("title", { name: chosen?.name ?? "" })}</h2>
      <form method="get" action={`${pageHref}#sandbox-key-requests`} className="tool-panel">
        {keepLanguage ? <input type="hidden" name="lang" value={keepLanguage} /> : null}
        <Field id="sandbox-requests-key" label={t("key")}>
          <Select name="key" defaultValue={chosen?.id} options={keys.map((key) => ({ value: key.id, label: `${key.name} (${key.id})` }))} />
        </Field>
        <Field id="sandbox-requests-verdict" label={t("verdict")}>
          <Select
            name="verdict"
            defaultValue={filter.verdict ?? ""}
            options={[
              { value: "", label: t("verdictAny") },
              { value: "accepted", label: t("verdictAccepted") },
              { value: "refused", label: t("verdictRefused") },
            ]}
          />
        </Field>
        <Field id="sandbox-requests-code" label={t("code")}>
          <Select name="code" defaultValue={filter.code ?? ""} options={[{ value: "", label: t("codeAny") }, ...codes.map((code) => ({ value: code, label: code }))]} />
        </Field>
        <button type="submit" className="button button--secondary">
          {t("show")}
        </button>
      </form>
      {!requests || requests.total === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <>
          <p>{t("count", { count: requests.total, page: requests.page, pages: requests.pages })}</p>
          {/* A region that scrolls on a phone: focusable, so that a keyboard can scroll it (WCAG 2.1.1). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="sandbox-key-requests">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t("receivedAt")}</th>
                  <th scope="col">{t("source")}</th>
                  <th scope="col">{t("verdict")}</th>
                  <th scope="col">{t("codes")}</th>
                  <th scope="col">{t("trace")}</th>
                </tr>
              </thead>
              <tbody>
                {requests.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.receivedAt}>{utc(entry.receivedAt)}</time>
                    </td>
                    <td>{t(`sourceName.${entry.source}`)}</td>
                    <td>{entry.ok ? t("verdictAccepted") : t("verdictRefused")}</td>
                    <td>{entry.codes.length === 0 ? "—" : <code>{entry.codes.join(", ")}</code>}</td>
                    <td>
                      <a href={entry.href}>{t("open")}</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {requests.pages > 1 ? (
            <nav aria-label={t("pages")} className="pager">
              {requests.page > 1 ? <a href={pageLink(requests.page - 1)}>{t("newer")}</a> : null}
              {requests.page < requests.pages ? <a href={pageLink(requests.page + 1)}>{t("older")}</a> : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
