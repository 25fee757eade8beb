import type { Language } from "../../../app/server-surface";
import e from "escape-html";
import { htmlPage } from "../html-page";
import { sessionTexts } from "../session-texts";
import { DEMO_ACCOUNTS } from "./demo-accounts";

export interface LoginPageInput {
  lang: Language;
  action: string;
  nif?: string;
  invalid?: boolean;
}

function accountsTable(lang: Language): string {
  const t = sessionTexts(lang);
  const rows = DEMO_ACCOUNTS.map(
    (account) => `<tr><td><code>${e(account.nif)}</code></td><td>${e(account.name)}</td><td>${
      account.roles.length > 0 ? account.roles.map((role) => `<code>${role}</code>`).join(", ") : e(t.devIdp.noProfiles)
    }</td><td><code>${e(account.password)}</code></td></tr>`,
  ).join("\n");
  return `<h2 id="demo-accounts">${e(t.devIdp.accountsHeading)}</h2>
<table aria-labelledby="demo-accounts">
<thead><tr><th scope="col">NIF</th><th scope="col">${e(t.devIdp.accountName)}</th><th scope="col">${e(
    t.devIdp.accountProfiles,
  )}</th><th scope="col">${e(t.devIdp.accountPassword)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/** The demo login form: labelled fields, an error summary linked to the field, works without JavaScript. */
export function loginPage({ lang, action, nif = "", invalid = false }: LoginPageInput): string {
  const t = sessionTexts(lang).devIdp;
  const errorSummary = invalid
    ? `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">${e(t.errorSummary)}</h2>
<ul><li><a href="#nif">${e(t.invalidCredentials)}</a></li></ul>
</div>`
    : "";
  const describedBy = invalid ? ' aria-describedby="nif-error" aria-invalid="true"' : "";
  const body = `${errorSummary}
<h1>${e(t.loginHeading)}</h1>
<p class="notice">${e(t.localOnly)}</p>
<form method="post" action="${e(action)}" novalidate>
<div class="field">
<label for="nif">${e(t.nif)}</label>
${invalid ? `<p id="nif-error" class="error-message">${e(t.invalidCredentials)}</p>` : ""}
<input type="text" id="nif" name="nif" value="${e(nif)}" inputmode="numeric" autocomplete="username" spellcheck="false" required${describedBy}>
</div>
<div class="field">
<label for="password">${e(t.password)}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${invalid ? ' aria-invalid="true"' : ""}>
</div>
<button type="submit" class="button">${e(t.submit)}</button>
</form>
${accountsTable(lang)}`;
  return htmlPage({ lang, title: `${invalid ? `${t.errorSummary}: ` : ""}${t.loginHeading} – ${t.title}`, body });
}

/** RP-initiated logout confirmation; `form` is oidc-provider's hidden form (with its xsrf token). */
export function logoutPage(lang: Language, form: string): string {
  const t = sessionTexts(lang).devIdp;
  const body = `<h1>${e(t.logoutHeading)}</h1>
<p>${e(t.logoutBody)}</p>
${form}
<button type="submit" class="button" form="op.logoutForm" name="logout" value="yes">${e(t.logoutConfirm)}</button>
<button type="submit" class="button button--secondary" form="op.logoutForm">${e(t.logoutCancel)}</button>`;
  return htmlPage({ lang, title: `${t.logoutHeading} – ${t.title}`, body });
}

export function loggedOutPage(lang: Language): string {
  const t = sessionTexts(lang).devIdp;
  return htmlPage({
    lang,
    title: `${t.loggedOutHeading} – ${t.title}`,
    body: `<h1>${e(t.loggedOutHeading)}</h1>\n<p>${e(t.loggedOutBody)}</p>`,
  });
}

/** The provider's error screen: a generic text (the OAuth error code only, never request data). */
export function providerErrorPage(lang: Language, errorCode: string, homeHref: string): string {
  const t = sessionTexts(lang);
  return htmlPage({
    lang,
    title: `${t.devIdp.errorHeading} – ${t.devIdp.title}`,
    body: `<h1>${e(t.devIdp.errorHeading)}</h1>
<p>${e(t.devIdp.errorBody)} (<code>${e(errorCode)}</code>)</p>
<p><a href="${e(homeHref)}">${e(t.authPages.homeLink)}</a></p>`,
  });
}
