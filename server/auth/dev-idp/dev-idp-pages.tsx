import type { ReactElement } from "react";
import { type Language, ServerPage, serverT } from "../../../app/server-surface";
import { DEMO_ACCOUNTS } from "./demo-accounts";

export interface LoginPageInput {
  lang: Language;
  action: string;
  nif?: string;
  invalid?: boolean;
}

const devIdpT = (lang: Language) => serverT(lang, "session", "devIdp");

function AccountsTable({ lang }: { lang: Language }) {
  const t = devIdpT(lang);
  return (
    <>
      <h2 id="demo-accounts">{t("accountsHeading")}</h2>
      {/* In a scroll box of its own: on a phone the table may be wider than the page. A keyboard
          reaches the box to scroll it (as the portal's documents table). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region */}
      <div className="table-scroll" role="region" aria-labelledby="demo-accounts" tabIndex={0}>
        <table aria-labelledby="demo-accounts">
          <thead>
            <tr>
              <th scope="col">{t("accountNif")}</th>
              <th scope="col">{t("accountName")}</th>
              <th scope="col">{t("accountProfiles")}</th>
              <th scope="col">{t("accountPassword")}</th>
            </tr>
          </thead>
          <tbody>
            {DEMO_ACCOUNTS.map((account) => (
              <tr key={account.nif}>
                {/* Plain text in every cell, not code (which may break anywhere): on a phone a tax number
                    and a profile stay whole, a password breaks at its hyphen only. */}
                <td>{account.nif}</td>
                <td>{account.name}</td>
                <td>{account.roles.length > 0 ? account.roles.join(", ") : t("noProfiles")}</td>
                <td>{account.password}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The demo login form: labelled fields, an error summary linked to the field, works without JavaScript. */
export function loginPage({ lang, action, nif = "", invalid = false }: LoginPageInput): ReactElement {
  const t = devIdpT(lang);
  return (
    <ServerPage lang={lang} title={`${invalid ? `${t("errorSummary")}: ` : ""}${t("loginHeading")} – ${t("title")}`}>
      {invalid ? (
        <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
          <h2 id="error-summary-title" className="error-summary__title">
            {t("errorSummary")}
          </h2>
          <ul className="error-summary__list">
            <li>
              <a href="#nif">{t("invalidCredentials")}</a>
            </li>
          </ul>
        </div>
      ) : null}
      <h1>{t("loginHeading")}</h1>
      <p className="notice">{t("localOnly")}</p>
      <form method="post" action={action} noValidate>
        <div className={invalid ? "form-group form-group--error" : "form-group"}>
          <label className="label" htmlFor="nif">
            {t("nif")}
          </label>
          {invalid ? (
            <p id="nif-error" className="error-message">
              {t("invalidCredentials")}
            </p>
          ) : null}
          <input
            className={invalid ? "input input--error" : "input"}
            type="text"
            id="nif"
            name="nif"
            defaultValue={nif}
            inputMode="numeric"
            autoComplete="username"
            spellCheck={false}
            required
            {...(invalid ? { "aria-describedby": "nif-error", "aria-invalid": true } : {})}
          />
        </div>
        <div className="form-group">
          <label className="label" htmlFor="password">
            {t("password")}
          </label>
          <input
            className={invalid ? "input input--error" : "input"}
            type="password"
            id="password"
            name="password"
            autoComplete="current-password"
            required
            {...(invalid ? { "aria-invalid": true } : {})}
          />
        </div>
        <button type="submit" className="button">
          {t("submit")}
        </button>
      </form>
      <AccountsTable lang={lang} />
    </ServerPage>
  );
}

/** RP-initiated logout confirmation; `form` is oidc-provider's hidden form (with its xsrf token). */
export function logoutPage(lang: Language, form: string): ReactElement {
  const t = devIdpT(lang);
  return (
    <ServerPage lang={lang} title={`${t("logoutHeading")} – ${t("title")}`}>
      <h1>{t("logoutHeading")}</h1>
      <p>{t("logoutBody")}</p>
      {/* oidc-provider's own markup: a hidden form the two buttons submit. */}
      <div dangerouslySetInnerHTML={{ __html: form }} />
      <div className="button-row">
        <button type="submit" className="button" form="op.logoutForm" name="logout" value="yes">
          {t("logoutConfirm")}
        </button>
        <button type="submit" className="button button--secondary" form="op.logoutForm">
          {t("logoutCancel")}
        </button>
      </div>
    </ServerPage>
  );
}

export function loggedOutPage(lang: Language): ReactElement {
  const t = devIdpT(lang);
  return (
    <ServerPage lang={lang} title={`${t("loggedOutHeading")} – ${t("title")}`}>
      <h1>{t("loggedOutHeading")}</h1>
      <p>{t("loggedOutBody")}</p>
    </ServerPage>
  );
}

/** The provider's error screen: a generic text (the OAuth error code only, never request data). */
export function providerErrorPage(lang: Language, errorCode: string, homeHref: string): ReactElement {
  const t = devIdpT(lang);
  return (
    <ServerPage lang={lang} title={`${t("errorHeading")} – ${t("title")}`}>
      <h1>{t("errorHeading")}</h1>
      <p>
        {t("errorBody")} (<code>{errorCode}</code>)
      </p>
      <p>
        <a href={homeHref}>{serverT(lang, "session", "authPages")("homeLink")}</a>
      </p>
    </ServerPage>
  );
}
