import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { ErrorSummary, type ErrorSummaryItem } from "~/components/ui/form/error-summary";
import { CheckboxField } from "~/components/ui/form/checkbox-field";
import { Field } from "~/components/ui/form/field";
import { MANDATORY_MESSAGE_KEY, isBlank } from "~/components/ui/form/form-validation";
import { Input } from "~/components/ui/form/input";
import { RadioGroupField } from "~/components/ui/form/radio-group-field";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";
import type { AuthorityEnvironment, HeaderTargetId } from "./authority-environment";
import { EnvironmentDetails } from "./environment-details";
import type { HeaderResult as HeaderResultView, HeaderResultProps } from "./header-result";
import { loadGenerator } from "./load-generator";
import { loadHeaderResult } from "./load-header-result";
import { usernameMessageKey } from "./username-message";
import { HeaderFormChoice, type HeaderForm } from "./header-form-choice";
import { ClockNotice } from "./clock-notice";
import { offsetOf } from "./server-clock";
import { useServerClock } from "./use-server-clock";

export interface SecurityHeaderFormProps {
  /** The signed-in visitor's NIF followed by "/" (from the sign-in guard), or null. */
  usernamePrefill: string | null;
  /** The authority certificates the portal holds, and the sandbox's current key (from the route loader). */
  environments: AuthorityEnvironment[];
  /** The target chosen by the address (`?target=sandbox`, the checker's offer), if the form offers it. */
  initialTarget?: HeaderTargetId | null;
  /** The header checker's page, where "Check this header" posts the result. */
  checkerHref: string;
  /** In-app paths of the guide pages. */
  overviewHref: string;
  configHref: string;
}

const USERNAME_ID = "security-header-username";
const PASSWORD_ID = "security-header-password";
const TEST_PASSWORD_ID = "security-header-test-password";

interface FieldErrors {
  username?: string;
  password?: string;
}

/** What one generation leaves for the result panel (the panel's own props, less what the form holds). */
type Generated = Omit<HeaderResultProps, "headingRef" | "password" | "announce" | "onGenerateAgain">;

/**
 * The security header generation form. The header is computed in this browser by
 * `@areaoe/security-header` (loaded on first use); the form never submits to the server, so the
 * password is in no request and no URL. Before hydration the fields are disabled (a native submit would
 * put the password in the URL) and <noscript> points to the command-line tool.
 * The password stays in its field after generating, so "Generate again" works after the minute runs
 * out; it lives only in this page's memory and is gone when the visitor leaves the page.
 */
export function SecurityHeaderForm({ usernamePrefill, environments, initialTarget, checkerHref, overviewHref, configHref }: SecurityHeaderFormProps) {
  const { t } = useTranslation("security-header");
  const { t: tUi } = useTranslation("ui");
  const hydrated = useHydrated();
  const [username, setUsername] = useState(usernamePrefill ?? "");
  // Uncontrolled on purpose: React copies a controlled value into the value attribute, which would put
  // the password in the DOM. It is read from the field's change events into memory only.
  // For the sandbox's key the field is another one (a made-up password, never the one the browser fills):
  // a switch into or out of the sandbox's key remounts it empty, and empties this too.
  const passwordRef = useRef("");
  const [environmentId, setEnvironmentId] = useState<HeaderTargetId | undefined>(initialTarget ?? environments[0]?.id);
  const [envelope, setEnvelope] = useState(false);
  const [headerForm, setHeaderForm] = useState<HeaderForm>("digest");
  const clock = useServerClock();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState<Generated | null>(null);
  // The result's component, loaded with the generator (load-header-result.ts); set with the first result.
  const [HeaderResult, setHeaderResult] = useState<typeof HeaderResultView | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const environment = environments.find((candidate) => candidate.id === environmentId) ?? environments[0];
  const sandbox = environment?.sandbox === true;
  const passwordId = sandbox ? TEST_PASSWORD_ID : PASSWORD_ID;
  const passwordLabel = t(sandbox ? "testPassword" : "password");
  const environmentName = (candidate: AuthorityEnvironment) =>
    candidate.localTest ? t("localTestName") : t(`environmentName.${candidate.id}`);

  // A new result takes focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (generated) resultHeadingRef.current?.focus();
  }, [generated]);

  // The chunks the first generation needs, fetched while the visitor fills in the form.
  const preload = () => {
    void loadGenerator().catch(() => {});
    void loadHeaderResult().catch(() => {});
  };

  const generate = async () => {
    if (!environment || busy) return;
    const fieldErrors: FieldErrors = {};
    if (isBlank(username)) fieldErrors.username = tUi(MANDATORY_MESSAGE_KEY);
    const password = passwordRef.current;
    if (password === "") fieldErrors.password = tUi(MANDATORY_MESSAGE_KEY);
    setFailure(null);
    if (fieldErrors.username || fieldErrors.password) {
      setErrors(fieldErrors);
      setGenerated(null);
      return;
    }
    setBusy(true);
    try {
      let generator;
      let resultModule;
      try {
        [generator, resultModule] = await Promise.all([loadGenerator(), loadHeaderResult()]);
      } catch {
        setFailure(t("errors.loadFailed"));
        return;
      }
      // Created comes from the portal's clock (device clock + measured offset): the authority refuses a
      // header more than a minute off, and device clocks often are.
      const clockOffsetMs = offsetOf(clock);
      const outcome = await generator.generateHeader({
        username: username.trim(),
        password,
        publicKey: environment.publicKey,
        form: headerForm,
        envelope,
        now: new Date(Date.now() + clockOffsetMs),
      });
      if (!outcome.ok) {
        setGenerated(null);
        if (outcome.code === "INVALID_USERNAME") setErrors({ username: t(`errors.${usernameMessageKey(outcome.usernameProblem)}`) });
        else if (outcome.code === "EMPTY_PASSWORD") setErrors({ password: tUi(MANDATORY_MESSAGE_KEY) });
        else if (outcome.code === "INVALID_PASSWORD") setErrors({ password: t("errors.invalidPassword") });
        else {
          setErrors({});
          // The library's code has a text of its own when the visitor can act on it; otherwise the general one.
          setFailure(t(`errors.${outcome.code}`, { defaultValue: t("errors.unexpected") }));
        }
        return;
      }
      setErrors({});
      // In the same render as the result, so the effect above finds its heading to focus.
      setHeaderResult(() => resultModule.HeaderResult);
      setGenerated({
        text: outcome.text,
        envelope,
        environmentName: environmentName(environment),
        madeFor: environment.id,
        checkerHref,
        expiresAtMs: outcome.expiresAtMs,
        clockOffsetMs,
        nifCheckDigitWarning: outcome.nifCheckDigitWarning,
      });
      setAnnouncement(t("generated"));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void generate();
  };
  const announce = useCallback((message: string) => setAnnouncement(message), []);

  const summary: ErrorSummaryItem[] = [
    ...(errors.username ? [{ fieldId: USERNAME_ID, label: t("username"), message: errors.username }] : []),
    ...(errors.password ? [{ fieldId: passwordId, label: passwordLabel, message: errors.password }] : []),
  ];

  return (
    <div className="security-header-tool">
      <p className="lead">{t("intro")}</p>
      {/* Two sentences, each ending in its link (no TaggedText: the form's first load is at its budget). */}
      <p>
        {t("guideBuilt")} <a href={overviewHref}>{t("guideBuiltLink")}</a>. {t("guideUse")} <a href={configHref}>{t("guideUseLink")}</a>.
      </p>
      <noscript>
        <div className="callout callout--warning">
          <p className="tool-panel__noscript">{t("noScript")}</p>
          <p>
            <a href={configHref}>{t("noScriptLink")}</a>
          </p>
        </div>
      </noscript>
      {environment ? null : (
        <div className="callout callout--warning">
          <p>{t("noEnvironment")}</p>
        </div>
      )}
      {/* No action: the form is handled here and never sent. Disabled until hydrated (see above). */}
      <form className="tool-panel security-header-form" onSubmit={submit} onFocus={preload} noValidate>
        <ErrorSummary errors={summary} />
        {failure ? (
          <div className="callout callout--warning" role="alert">
            <p>{failure}</p>
          </div>
        ) : null}
        <fieldset className="security-header-form__fields" disabled={!hydrated || !environment}>
          <legend className="security-header-form__legend">{t("formTitle")}</legend>
          <Field id={USERNAME_ID} label={t("username")} hint={t("usernameHint")} error={errors.username} required>
            <Input
              name="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="username"
              spellCheck={false}
              autoCapitalize="off"
              inputMode="text"
              className="security-header-form__username"
            />
          </Field>
          {/* The two fields are never in the page together: a switch into or out of the sandbox's key starts its password afresh. */}
          <Field id={passwordId} label={passwordLabel} hint={t(sandbox ? "testPasswordHint" : "passwordHint")} error={errors.password} required>
            <Input
              key={passwordId}
              type={sandbox ? "text" : "password"}
              name={sandbox ? "test-password" : "password"}
              defaultValue=""
              onChange={(event) => {
                passwordRef.current = event.target.value;
              }}
              autoComplete={sandbox ? "off" : "current-password"}
              className="security-header-form__password"
            />
          </Field>
          {environments.length > 1 ? (
            <RadioGroupField
              id="security-header-environment"
              name="environment"
              legend={t("environment")}
              hint={t("environmentHint")}
              options={environments.map((candidate) => ({ value: candidate.id, label: environmentName(candidate) }))}
              value={environment?.id}
              onChange={(id) => {
                // Into or out of the sandbox's key, the field is remounted empty: so is what it held. Between
                // the authority's certificates it is the same field, which keeps what was typed.
                if ((environments.find((candidate) => candidate.id === id)?.sandbox === true) !== sandbox) passwordRef.current = "";
                setEnvironmentId(id);
              }}
              className="security-header-form__choice"
              optionClassName="security-header-form__option"
            />
          ) : environment ? (
            <p className="security-header-form__single-environment">
              <strong>{t("environment")}:</strong> {environmentName(environment)}
            </p>
          ) : null}
          {environment ? <EnvironmentDetails environment={environment} /> : null}
          <HeaderFormChoice value={headerForm} onChange={setHeaderForm} />
          <fieldset className="form-group security-header-form__choice">
            <legend className="label">{t("options")}</legend>
            <CheckboxField
              className="security-header-form__option"
              id="security-header-envelope"
              name="envelope"
              checked={envelope}
              onCheckedChange={setEnvelope}
              label={t("envelope")}
              hint={t("envelopeHint")}
            />
          </fieldset>
          <ClockNotice reading={clock} />
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t("generating") : t("generate")}
          </button>
        </fieldset>
      </form>
      <p role="status" className="visually-hidden" data-testid="security-header-announcement">
        {announcement}
      </p>
      {generated && HeaderResult ? (
        <HeaderResult
          key={generated.expiresAtMs}
          {...generated}
          headingRef={resultHeadingRef}
          announce={announce}
          onGenerateAgain={() => void generate()}
        />
      ) : null}
    </div>
  );
}
