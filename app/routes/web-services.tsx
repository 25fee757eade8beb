import { useLoaderData } from "react-router";
import type { Route } from "./+types/web-services";
import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { pageHref } from "~/config/site-map";
import { mdxComponents } from "~/mdx/mdx-components";
import { readRenewalCheck } from "~/features/certificate-renewal/renewal-check";
import { CertificateRenewalPlanner } from "~/features/certificate-renewal/certificate-renewal-planner";
import { portalContext } from "~/load-context";

const content = byLanguage(import.meta.glob("../../content/*/web-services.mdx", { eager: true }));

export const meta = pageMeta("web-services");
// A page with widgets that need script: the browser hydrates it (app/config/hydration.ts).
export const handle = { ...contentHandle(content, "web-services"), hydrate: true };

/** The planner's .ics reminder: the resource route app/routes/web-services-reminder.ts. */
const RENEWAL_REMINDER_HREF = `${pageHref("web-services")}/lembrete-renovacao.ics`;

// The renewal planner is a GET form (`?validade=…&lang=…`): the server answers it, so it works without
// JavaScript; in the browser the client loader answers the same address with the same rules.
export function loader({ url, context }: Route.LoaderArgs) {
  return readRenewalCheck(url, portalContext(context).lang);
}

export function clientLoader({ url }: Route.ClientLoaderArgs) {
  return readRenewalCheck(url, document.documentElement.lang);
}

function Planner() {
  return <CertificateRenewalPlanner check={useLoaderData<typeof loader>()} reminderHref={RENEWAL_REMINDER_HREF} />;
}

// The planner is in this route's chunk only: it is the one page that uses it.
const components = { ...mdxComponents, CertificateRenewalPlanner: Planner };

export default function Page() {
  return <ContentPage id="web-services" content={content} components={components} />;
}
