import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";

export interface SignInRequiredProps {
  /** The sign-in address that comes back to this page. */
  signInHref: string;
  /** The guide to the security header, and the page with the command-line tool. */
  overviewHref: string;
  configHref: string;
  /** Sign-in goes to the embedded demo provider: the button says so. */
  demo?: boolean;
}

/**
 * What a signed-out visitor of the generation form sees first: why the form needs the finance-portal
 * credentials, then the way to sign in (and back here), instead of being sent to sign in unannounced.
 */
export function SignInRequired({ signInHref, overviewHref, configHref, demo = false }: SignInRequiredProps) {
  const { t } = useTranslation(["session", "pages"]);
  return (
    <section className="callout sign-in-required" aria-labelledby="sign-in-required-title" data-testid="sign-in-required">
      <h2 id="sign-in-required-title">{t("signInRequired.title")}</h2>
      <p>{t("signInRequired.why")}</p>
      <p>{t("signInRequired.password")}</p>
      <p>{t("signInRequired.afterSignIn")}</p>
      <p className="sign-in-required__actions">
        {/* A document link: the sign-in endpoint is served by the Node server, not by a route. */}
        <a href={signInHref} className="button button--primary">
          {t(demo ? "signInRequired.signInDemo" : "signInRequired.signIn")}
        </a>
      </p>
      <p>{t("signInRequired.alternatives")}</p>
      <ul>
        <li>
          <SmartLink href={overviewHref}>{t("pages:security-header.title")}</SmartLink>
        </li>
        <li>
          <SmartLink href={configHref}>{t("pages:security-header-config.title")}</SmartLink>
        </li>
      </ul>
    </section>
  );
}
