import { useMatches } from "react-router";
import { resolveUsefulLinks, type UsefulLink, type UsefulLinksDeclaration } from "~/config/public-config";
import { useAppConfig } from "~/config/use-root-data";

interface UsefulLinksHandle {
  usefulLinks?: UsefulLinksDeclaration;
}

/**
 * The configured Useful Links after every matched page's declaration: route `handle.usefulLinks`, or
 * `usefulLinks` in the route's loader data when the page's content is loaded with the page
 * (app/routes/content-page.tsx).
 */
export function useUsefulLinks(): UsefulLink[] {
  const config = useAppConfig();
  const matches = useMatches();
  const declarations = matches.map(
    (match) =>
      (match.handle as UsefulLinksHandle | undefined)?.usefulLinks ?? (match.loaderData as UsefulLinksHandle | undefined)?.usefulLinks,
  );
  return resolveUsefulLinks(config?.usefulLinks ?? [], declarations);
}
