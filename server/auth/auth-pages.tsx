import { type Language, DEFAULT_RETURN_TO, ServerPage, serverT, signInHref } from "../../app/server-surface";

export type AuthProblem = "callbackError" | "disabled" | "unavailable" | "forbidden" | "tooMany" | "sharedStateUnavailable" | "signOutPending";

/** The problems a fresh sign-in can help with (the others would only fail again). */
const RETRYABLE: ReadonlySet<AuthProblem> = new Set<AuthProblem>(["callbackError", "unavailable", "sharedStateUnavailable"]);

function AuthProblemPage({ lang, problem, returnTo }: { lang: Language; problem: AuthProblem; returnTo: string }) {
  const t = serverT(lang, "session", "authPages");
  // The texts are `<problem>Title` and `<problem>Body`; sharedStateUnavailable is the state shared by the
  // instances (Redis) not answering: a sign-in cannot be checked, so none starts.
  // signOutPending: signed out on this device while the shared state did not answer; the page the
  // visitor came from is the way on.
  const title = t(`${problem}Title`);
  return (
    <ServerPage lang={lang} title={title}>
      <h1>{title}</h1>
      <p>{t(`${problem}Body`)}</p>
      <p className="button-row">
        {problem === "signOutPending" ? (
          <a className="button" href={returnTo}>
            {t("continue")}
          </a>
        ) : null}
        {RETRYABLE.has(problem) ? (
          <a className="button" href={signInHref(returnTo)}>
            {t("tryAgain")}
          </a>
        ) : null}
        <a className="button button--secondary" href={DEFAULT_RETURN_TO}>
          {t("homeLink")}
        </a>
      </p>
    </ServerPage>
  );
}

/** A sign-in problem page in the visitor's language, with a fresh sign-in action where one can help. */
export function authProblemPage(lang: Language, problem: AuthProblem, returnTo: string = DEFAULT_RETURN_TO) {
  return <AuthProblemPage lang={lang} problem={problem} returnTo={returnTo} />;
}
