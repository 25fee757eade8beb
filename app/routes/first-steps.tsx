import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/first-steps";
import { ContentPage } from "~/features/content/content-page";
import { pageMeta } from "~/config/page-meta";
import { BASE_URL } from "~/config/paths";
import { useAppConfig, useRootData } from "~/config/use-root-data";
import { mdxComponents } from "~/mdx/mdx-components";
import { LoginState } from "~/features/session/login-state";
import { ProfilesTable } from "~/features/session/profiles-table";
import { SystemsTable } from "~/features/session/systems-table";
import { FirstStepsGuide } from "~/features/session/first-steps-guide";
import { returnToFromUrl } from "~/features/session/return-to";
import { portalContext } from "~/load-context";
import { Island } from "~/islands/island";

export const meta = pageMeta("first-steps");

/** Server-rendered login state: the first HTML response already shows who is signed in. */
export function loader({ context, url }: Route.LoaderArgs) {
  const portal = portalContext(context);
  const session = portal.session;
  return {
    signInEnabled: portal.signInEnabled,
    user: session ? { nif: session.nif, name: session.name } : null,
    roles: session?.roles ?? [],
    returnTo: returnToFromUrl(url),
  };
}

// The page shows who is signed in: no shared cache may keep it.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("session");
  const links = useAppConfig()?.links;
  const gueHref = links?.gue ?? BASE_URL;
  const { user, roles, signInEnabled, returnTo } = loaderData;
  const signInDemo = useRootData()?.signInDemo ?? false;
  return (
    <ContentPage id="first-steps" components={mdxComponents}>
      <LoginState user={user} signInEnabled={signInEnabled} demo={signInDemo} returnTo={returnTo} gueHref={gueHref} />

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">{t("steps.heading")}</h2>
        <Island component={FirstStepsGuide} props={{ gueHref, financePortalHref: links?.financePortal ?? BASE_URL }} />
      </section>

      <section aria-labelledby="profiles-heading">
        <h2 id="profiles-heading">{t("profiles.heading")}</h2>
        {user ? <ProfilesTable name={user.name} roles={roles} /> : <p>{t("profiles.signInToSee")}</p>}
      </section>

      <section aria-labelledby="systems-heading">
        <h2 id="systems-heading">{t("systems.heading")}</h2>
        <Island component={SystemsTable} props={{ roles: user ? roles : null }} when="visible" />
      </section>
    </ContentPage>
  );
}
