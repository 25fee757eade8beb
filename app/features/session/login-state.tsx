import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import { signInHref } from "./return-to";
import { SignInDisabledNotice } from "./sign-in-disabled-notice";
import { SignOutForm } from "./sign-out-form";
import type { SignedInUser } from "./require-customs-profile.server";

export interface LoginStateProps {
  user: SignedInUser | null;
  signInEnabled: boolean;
  /** Sign-in goes to the embedded demo provider: the button says so. */
  demo?: boolean;
  /** Where sign-in and sign-out bring the visitor back to (this page). */
  returnTo: string;
  gueHref: string;
}

/** The header's session state: 'logged in as NAME (NIF)' with 'stop acting as NAME', or the not-registered guidance. */
export function LoginState({ user, signInEnabled, demo = false, returnTo, gueHref }: LoginStateProps) {
  const { t } = useTranslation("session");
  if (user) {
    return (
      <section className="callout login-state" aria-labelledby="login-state-title" data-testid="login-state">
        <h2 id="login-state-title">{t("loginState.heading")}</h2>
        <p>{t("loginState.signedInAs", { name: user.name, nif: user.nif })}</p>
        <SignOutForm label={t("loginState.stopActingAs", { name: user.name })} returnTo={returnTo} />
      </section>
    );
  }
  if (!signInEnabled) return <SignInDisabledNotice />;
  return (
    <section className="callout login-state" aria-labelledby="login-state-title" data-testid="login-state">
      <h2 id="login-state-title">{t("loginState.notSignedInTitle")}</h2>
      <p>{t("loginState.notSignedInBody")}</p>
      <p className="login-state__actions">
        {/* A document link: the sign-in endpoint is served by the Node server, not by a route. */}
        <a href={signInHref(returnTo)} className="button button--primary">
          {t(demo ? "loginState.signInDemo" : "loginState.signIn")}
        </a>{" "}
        <SmartLink href={gueHref} className="button button--secondary">
          {t("loginState.gueLink")}
        </SmartLink>
      </p>
    </section>
  );
}
