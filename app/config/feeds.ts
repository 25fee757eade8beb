import type { Language } from "~/i18n/languages";
import { appPath } from "./paths";
import type { PageId } from "./site-map";

/**
 * The Atom feeds (RFC 4287), one per language: the "What changed" page's change log, and the events of
 * the certificates and keys an integrator encrypts with (server/feeds). Each is announced in the head of
 * the page it follows (pageMeta) and linked on that page.
 */
export const FEED_IDS = ["changes", "certificates"] as const;
export type FeedId = (typeof FEED_IDS)[number];

/** The page each feed follows. */
export const FEED_PAGES: Readonly<Record<FeedId, PageId>> = { changes: "changes", certificates: "web-services" };

export const ATOM_MEDIA_TYPE = "application/atom+xml";

/** A feed's address: feedPath("changes", "pt") → "/areaOE/feeds/changes.pt.atom". */
export function feedPath(feed: FeedId, lang: Language): string {
  return appPath(`feeds/${feed}.${lang}.atom`);
}

/** The feeds that follow a page. */
export function feedsOfPage(pageId: string): FeedId[] {
  return FEED_IDS.filter((feed) => FEED_PAGES[feed] === pageId);
}
