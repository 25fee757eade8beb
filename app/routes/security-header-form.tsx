import type { Route } from "./+types/security-header-form";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/config/page-meta";
import { BASE_URL } from "~/config/paths";
import { pageHref } from "~/config/site-map";
import { useAppConfig, useRootData } from "~/config/use-root-data";
import { requireCustomsProfile } from "~/features/session/require-customs-profile.server";
import { PermissionDenied } from "~/features/session/permission-denied";
import { SignInDisabledNotice } from "~/features/session/sign-in-disabled-notice";
import { SignInRequired } from "~/features/session/sign-in-required";
import { portalContext } from "~/load-context";
import { Island } from "~/islands/island";
import { SecurityHeaderFormIsland } from "~/islands/security-header-form.island";
import { HEADER_TARGET_QUERY } from "~/features/security-header/authority-environment";

export const meta = pageMeta("security-header-form");

/**
 * Guard (sign-in owner; keep it when replacing the page component): an anonymous visitor first reads
 * why the form needs sign-in (`status: "signed-out"`), then signs in and comes back here; a visitor
 * without any customs profile gets `status: "denied"`.
 * For the form: when `status === "allowed"`, `usernamePrefill` is the visitor's NIF followed by "/"
 * (the Utilizador format is NIF/UserID), ready for the username field; it is null otherwise.
 * The targets are the authority's certificates and, while the checker is on, the sandbox's current key
 * (a header for it passes the portal's checker); `?target=sandbox` chooses it (the checker's offer).
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const portal = portalContext(context);
  const access = requireCustomsProfile({ url, signInEnabled: portal.signInEnabled, session: portal.session });
  const allowed = access.status === "allowed";
  const sandbox = allowed ? portal.securityHeaderSandbox.formTarget() : null;
  // The authority certificates (public material: public key and summary) for the browser to encrypt with, then the sandbox's.
  const environments = allowed ? [...portal.securityHeaderEnvironments(), ...(sandbox ? [sandbox] : [])] : [];
  const asked = url.searchParams.get(HEADER_TARGET_QUERY);
  return {
    access,
    usernamePrefill: allowed ? `${access.user.nif}/` : null,
    environments,
    initialTarget: environments.find((environment) => environment.id === asked)?.id ?? null,
  };
}

// Personal page (prefilled NIF): never kept by a shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const gueHref = useAppConfig()?.links.gue ?? BASE_URL;
  if (loaderData.access.status === "denied") return <PermissionDenied gueHref={gueHref} />;
  if (loaderData.access.status === "sign-in-disabled") return <SignInDisabledNotice headingLevel={1} />;
  if (loaderData.access.status === "signed-out") return <SignedOutPage signInHref={loaderData.access.signInHref} />;
  return <FormPage usernamePrefill={loaderData.usernamePrefill} environments={loaderData.environments} initialTarget={loaderData.initialTarget} />;
}

function SignedOutPage({ signInHref }: { signInHref: string }) {
  const { t } = useTranslation("pages");
  const demo = useRootData()?.signInDemo ?? false;
  return (
    <article className="content-page">
      <h1>{t("security-header-form.title")}</h1>
      <SignInRequired
        signInHref={signInHref}
        overviewHref={pageHref("security-header")}
        configHref={pageHref("security-header-config")}
        demo={demo}
      />
    </article>
  );
}

function FormPage(props: Pick<Route.ComponentProps["loaderData"], "usernamePrefill" | "environments" | "initialTarget">) {
  const { t } = useTranslation("pages");
  return (
    <article className="content-page">
      <h1>{t("security-header-form.title")}</h1>
      {/* An island (app/islands/island.tsx). The signed-out page has none besides the header's search: it ships no script. */}
      <Island
        component={SecurityHeaderFormIsland}
        props={{ ...props, overviewHref: pageHref("security-header"), configHref: pageHref("security-header-config"), checkerHref: pageHref("security-header-check") }}
      />
    </article>
  );
}
