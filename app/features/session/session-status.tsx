import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { appPath } from "~/config/paths";
import { signInHref } from "./return-to";
import { SignOutForm } from "./sign-out-form";

export interface SessionStatusProps {
  /** The signed-in visitor, or null. */
  user: { name: string } | null;
  signInEnabled: boolean;
  /** Sign-in goes to the embedded demo provider: the link says so. */
  demo?: boolean;
  /** The visitor's session cookie could not be checked now (the shared state does not answer). */
  unchecked?: boolean;
}

/**
 * For the site header, on every page: who is signed in, with a sign-out button (a POST form), or a
 * sign-in link that comes back to this page. Nothing when sign-in is not configured.
 */
export function SessionStatus({ user, signInEnabled, demo = false, unchecked = false }: SessionStatusProps) {
  const { t } = useTranslation("session");
  const location = useLocation();
  // The router's path is below its basename (/areaOE); the auth endpoints take the full path.
  const returnTo = `${appPath(location.pathname)}${location.search}`;
  if (user) {
    return (
      <div className="session-status" data-testid="session-status">
        <p className="session-status__user">
          <span className="session-status__label">{t("header.signedInAs")}</span>{" "}
          <span className="session-status__name">{user.name}</span>
        </p>
        <SignOutForm label={t("header.signOut")} returnTo={returnTo} className="session-status__sign-out" />
      </div>
    );
  }
  if (!signInEnabled) return null;
  // Shown signed out because the session cannot be checked: a sign-in link would only fail the same way.
  if (unchecked) {
    return (
      <div className="session-status" data-testid="session-status">
        <p className="session-status__notice" role="status">
          {t("header.sessionUnchecked")}
        </p>
      </div>
    );
  }
  return (
    <div className="session-status" data-testid="session-status">
      {/* A document link: the sign-in endpoint is served by the Node server, not by a route. */}
      <a href={signInHref(returnTo)} className="session-status__sign-in">
        {t(demo ? "header.signInDemo" : "header.signIn")}
      </a>
    </div>
  );
}
