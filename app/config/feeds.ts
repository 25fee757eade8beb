import changes from "../../content/changes.json";
import type { Language } from "~/i18n/languages";
import { appPath } from "./paths";
import type { PageId } from "./site-map";

/**
 * The Atom feeds (RFC 4287), one per language: the "What changed" page's change log, and the events of
 * the certificates and keys an integrator encrypts with (server/feeds). Each is announced in the head of
 * every page it follows (pageMeta: `<link rel="alternate" type="application/atom+xml">`) and linked on its
 * own page.
 */
export const FEED_IDS = ["changes", "certificates"] as const;
export type FeedId = (typeof FEED_IDS)[number];

/** The pages whose changes the change log records (content/changes.json: each entry's `pages`). */
const CHANGED_PAGES = [...new Set((changes as readonly { pages: readonly PageId[] }[]).flatMap((change) => change.pages))];

/**
 * The pages each feed follows, its own page first (the feed's link): the change log follows the "What
 * changed" page and every page it records a change of; the certificates feed the pages that show the
 * authority's certificates (web services, the generation form) and the sandbox's keys (the checker).
 */
export const FEED_PAGES: Readonly<Record<FeedId, readonly [PageId, ...PageId[]]>> = {
  changes: ["changes", ...CHANGED_PAGES.filter((page) => page !== "changes")],
  certificates: ["web-services", "security-header-check", "security-header-form"],
};

/** The page a feed's own link points to. */
export function feedHomePage(feed: FeedId): PageId {
  return FEED_PAGES[feed][0];
}

export const ATOM_MEDIA_TYPE = "application/atom+xml";

/** A feed's address: feedPath("changes", "pt") → "/areaOE/feeds/changes.pt.atom". */
export function feedPath(feed: FeedId, lang: Language): string {
  return appPath(`feeds/${feed}.${lang}.atom`);
}

/** The feeds that follow a page. */
export function feedsOfPage(pageId: string): FeedId[] {
  return FEED_IDS.filter((feed) => (FEED_PAGES[feed] as readonly string[]).includes(pageId));
}
