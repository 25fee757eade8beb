import { useLoaderData } from "react-router";
import type { Route } from "./+types/iva-exp";
import { ContentPage } from "~/features/content/content-page";
import { loadContent } from "~/features/content/lazy-content";
import { useLazyContent } from "~/features/content/use-lazy-content";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";
import { readIvaExpCheck } from "~/features/iva-exp/iva-exp-check";
import { IvaExpEligibilityCheck } from "~/features/iva-exp/iva-exp-eligibility-check";
import { navigationLanguage } from "~/i18n/navigation-language";
import { portalContext } from "~/load-context";

export const meta = pageMeta("iva-exp");
// A page with widgets that need script: the browser hydrates it (app/config/hydration.ts).
// Its content file is loaded for the page's language only (app/features/content/lazy-content.ts); the
// content files of these pages declare no Useful Links (content-handles.test.ts).
export const handle = { pageId: "iva-exp", hydrate: true };

// The value check is a GET form (`?valor=…&lang=…`): the server answers it, so it works without
// JavaScript; in the browser the client loader answers the same address with the same rules.
export async function loader({ url, context }: Route.LoaderArgs) {
  const { lang } = portalContext(context);
  await loadContent("iva-exp", lang);
  return readIvaExpCheck(url, lang);
}

export function clientLoader({ url }: Route.ClientLoaderArgs) {
  return readIvaExpCheck(url, navigationLanguage(url));
}

function Check() {
  return <IvaExpEligibilityCheck check={useLoaderData<typeof loader>()} />;
}

// The check is in this route's chunk only: it is the one page that uses it.
const components = { ...mdxComponents, IvaExpEligibilityCheck: Check };

export default function Page() {
  return <ContentPage id="iva-exp" content={useLazyContent("iva-exp")} components={components} />;
}
