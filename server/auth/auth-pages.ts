import { type Language, DEFAULT_RETURN_TO, signInHref } from "../../app/server-surface";
import e from "escape-html";
import { htmlPage } from "./html-page";
import { sessionTexts } from "./session-texts";

export type AuthProblem = "callbackError" | "disabled" | "unavailable" | "forbidden" | "tooMany" | "sharedStateUnavailable";

const TEXT_KEYS = {
  callbackError: ["callbackErrorTitle", "callbackErrorBody"],
  disabled: ["disabledTitle", "disabledBody"],
  unavailable: ["unavailableTitle", "unavailableBody"],
  forbidden: ["forbiddenTitle", "forbiddenBody"],
  tooMany: ["tooManyTitle", "tooManyBody"],
  // The state shared by the instances (Redis) does not answer: a sign-in cannot be checked, so none starts.
  sharedStateUnavailable: ["sharedStateUnavailableTitle", "sharedStateUnavailableBody"],
} as const;

/** A sign-in problem page in the visitor's language, with a fresh sign-in action where one can help. */
export function authProblemPage(lang: Language, problem: AuthProblem, returnTo: string = DEFAULT_RETURN_TO): string {
  const t = sessionTexts(lang).authPages;
  const [titleKey, bodyKey] = TEXT_KEYS[problem];
  const retry =
    problem === "callbackError" || problem === "unavailable" || problem === "sharedStateUnavailable"
      ? `<a class="button" href="${e(signInHref(returnTo))}">${e(t.tryAgain)}</a>`
      : "";
  return htmlPage({
    lang,
    title: t[titleKey],
    body: `<h1>${e(t[titleKey])}</h1>
<p>${e(t[bodyKey])}</p>
<p>${retry}<a class="button button--secondary" href="${DEFAULT_RETURN_TO}">${e(t.homeLink)}</a></p>`,
  });
}
