import { useLoaderData } from "react-router";
import type { Route } from "./+types/web-services";
import { ContentPage } from "~/features/content/content-page";
import { loadContent } from "~/features/content/lazy-content";
import { useLazyContent } from "~/features/content/use-lazy-content";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";
import { readRenewalCheck } from "~/features/certificate-renewal/renewal-check";
import { RENEWAL_REMINDER_PATH } from "~/features/certificate-renewal/renewal-reminder";
import { CertificateRenewalPlanner } from "~/features/certificate-renewal/certificate-renewal-planner";
import { AuthorityCertificatesTable } from "~/features/certificate-renewal/authority-certificates-table";
import type { AuthorityCertificateSummary } from "~/features/certificate-renewal/authority-certificates";
import { navigationLanguage } from "~/i18n/navigation-language";
import { portalContext } from "~/load-context";

export const meta = pageMeta("web-services");
// A page with widgets that need script: the browser hydrates it (app/config/hydration.ts).
// Its content file is loaded for the page's language only (app/features/content/lazy-content.ts); the
// content files of these pages declare no Useful Links (content-handles.test.ts).
export const handle = { pageId: "web-services", hydrate: true };

// The renewal planner is a GET form (`?validade=…&lang=…`): the server answers it, so it works without
// JavaScript; in the browser the client loader answers the same address with the same rules.
// The authority certificates table comes from the server (the certificates loaded at start).
export async function loader({ url, context }: Route.LoaderArgs) {
  const portal = portalContext(context);
  await loadContent("web-services", portal.lang);
  return { ...readRenewalCheck(url, portal.lang), certificates: portal.authorityCertificates() };
}

/** The certificates of the first server answer in this browser: the planner's submissions reuse them. */
let knownCertificates: AuthorityCertificateSummary[] | undefined;

export async function clientLoader({ url, serverLoader }: Route.ClientLoaderArgs) {
  knownCertificates ??= (await serverLoader()).certificates;
  return { ...readRenewalCheck(url, navigationLanguage(url)), certificates: knownCertificates };
}

function Planner() {
  return <CertificateRenewalPlanner check={useLoaderData<typeof loader>()} reminderHref={RENEWAL_REMINDER_PATH} />;
}

function AuthorityCertificates() {
  return <AuthorityCertificatesTable certificates={useLoaderData<typeof loader>().certificates} reminderHref={RENEWAL_REMINDER_PATH} />;
}

// The planner and the certificates table are in this route's chunk only: this is the one page that uses them.
const components = { ...mdxComponents, CertificateRenewalPlanner: Planner, AuthorityCertificates };

export default function Page() {
  return <ContentPage id="web-services" content={useLazyContent("web-services")} components={components} />;
}
