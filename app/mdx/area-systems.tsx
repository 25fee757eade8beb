import { Children, isValidElement, type ReactNode } from "react";
import { useMatches } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { childPages, pageHref, type PageId } from "~/config/site-map";
import { SystemCard, SystemCards } from "./system-card";

export interface SystemNoteProps {
  /** The page id of one of the area's systems (a child of the area page in the manifest). */
  page: string;
  /** The profile it needs, e.g. "ROLE_DUI", if any. */
  profile?: string;
  /** What the card says instead of the page's summary (hand-written prose that says more). */
  children?: ReactNode;
}

/** A note on one system of `<AreaSystems>`: its profile, and prose that says more than its summary. Renders nothing alone. */
export function SystemNote(_props: SystemNoteProps): null {
  return null;
}

/**
 * `<AreaSystems />` in an area page's content file: one card per system of the area, the page's
 * children in the page manifest (app/config/site-map.ts: `parent`, not `listed: false`), in manifest
 * order, each with its title (the breadcrumb label) linked to its page and its summary (the pages
 * namespace, from front matter); a `comingSoon` page says "Coming soon". `<SystemNote page="…">`
 * children add a profile or replace the summary by prose; other children (cards of what has no page
 * of its own) follow. Server HTML only on pages of text.
 */
export function AreaSystems({ children }: { children?: ReactNode }) {
  const { t } = useTranslation("pages");
  const areaId = useMatches().at(-1)?.id ?? "";
  const notes = new Map<string, SystemNoteProps>();
  const others: ReactNode[] = [];
  Children.forEach(children, (child) => {
    if (isValidElement<SystemNoteProps>(child) && child.type === SystemNote) notes.set(child.props.page, child.props);
    else if (isValidElement(child)) others.push(child);
  });
  return (
    <SystemCards>
      {childPages(areaId).map((page) => {
        const note = notes.get(page.id);
        return (
          <SystemCard key={page.id} title={t(`${page.id as PageId}.breadcrumb`)} href={pageHref(page.id as PageId)} profile={note?.profile}>
            {page.comingSoon ? <p>{t("common:states.comingSoon")}</p> : (note?.children ?? <p>{t(`${page.id as PageId}.summary`)}</p>)}
          </SystemCard>
        );
      })}
      {others}
    </SystemCards>
  );
}
