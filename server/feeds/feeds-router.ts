import { Router, type Request } from "express";
import escapeHtml from "escape-html";
import { Feed } from "feed";
import {
  ATOM_MEDIA_TYPE,
  FEED_IDS,
  feedHomePage,
  feedPath,
  isLanguage,
  pageHref,
  RULE_CHANGES,
  serverT,
  type AuthorityCertificateSummary,
  type FeedId,
  type Language,
  type RuleChange,
  type TFunction,
} from "../../app/server-surface";
import { requestOrigin } from "../http/trusted-origin";
import { authorityCertificateEvents, EXPIRY_NOTICE_DAYS, sandboxKeyEvents, type CertificateEvent, type SandboxKeyInput } from "./certificate-events";

/** How long a reader or proxy may keep a feed: the change log changes with a deployment, the certificates' events once a day at most. */
export const FEED_MAX_AGE_SECONDS: Readonly<Record<FeedId, number>> = { changes: 3_600, certificates: 900 };

export interface FeedSources {
  /** The authority's configured certificates as of `now` (server/security-header). */
  authorityCertificates?: (now: Date) => AuthorityCertificateSummary[];
  /**
   * The sandbox's key set (GET /areaOE/sandbox/keys' `keys`): none until the lead wires the sandbox's
   * key set (server/sandbox) here.
   */
  sandboxKeys?: (now: Date) => readonly SandboxKeyInput[];
  /** The change log (default: content/changes.json, newest first). */
  changes?: readonly RuleChange[];
  now?: () => Date;
}

const day = (iso: string) => iso.slice(0, 10);

interface FeedFrame {
  lang: Language;
  feed: FeedId;
  origin: string;
}

function newFeed({ lang, feed, origin }: FeedFrame, updated: Date, subtitleOptions: Record<string, unknown> = {}): Feed {
  const t = serverT(lang, "feeds");
  const self = `${origin}${feedPath(feed, lang)}`;
  return new Feed({
    // The feed's address is its id (RFC 4287 §4.2.6: permanent and unique).
    id: self,
    title: t(feed === "changes" ? "changesTitle" : "certificatesTitle"),
    description: t(feed === "changes" ? "changesSubtitle" : "certificatesSubtitle", subtitleOptions),
    link: `${origin}${pageHref(feedHomePage(feed))}?lang=${lang}`,
    language: lang,
    updated,
    generator: false,
    feedLinks: { atom: self },
    author: { name: t("author"), link: `${origin}${pageHref("home")}` },
  });
}

/**
 * A plain text as the `feed` package's html-typed elements need it: it writes `title` and `summary` as
 * `type="html"` (in CDATA), so a reader takes their content as HTML; a text holding `<` or `&` must be
 * escaped to stay text (RFC 4287 §3.1.1.2).
 */
function asHtml(text: string): string {
  return escapeHtml(text);
}

/** The "What changed" page's change log: one entry per change of rules, newest first. */
export function changesFeed(frame: FeedFrame, changes: readonly RuleChange[]): string {
  const t = serverT(frame.lang, "feeds");
  const dates = changes.map((change) => Date.parse(change.date));
  const feed = newFeed(frame, new Date(dates.length > 0 ? Math.max(...dates) : 0));
  for (const change of changes) {
    const text = change[frame.lang];
    feed.addItem({
      id: `urn:areaoe:change:${change.id}`,
      title: asHtml(text.title),
      link: `${frame.origin}${pageHref("changes")}?lang=${frame.lang}#${change.id}`,
      date: new Date(`${change.date}T00:00:00.000Z`),
      description: asHtml(text.text),
      content: `<p>${escapeHtml(text.text)}</p><p>${escapeHtml(t("source", { source: change.source[frame.lang] }))}</p>`,
    });
  }
  return feed.atom1();
}

/** The certificate-and-key events, newest first. */
export function certificatesFeed(frame: FeedFrame, events: readonly CertificateEvent[], now: Date): string {
  const t = serverT(frame.lang, "feeds");
  const sorted = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  // No event yet: the feed's own date is the day it was asked (RFC 4287 requires one).
  const updated = sorted[0] ? new Date(sorted[0].at) : new Date(`${day(now.toISOString())}T00:00:00.000Z`);
  const feed = newFeed(frame, updated, { days: EXPIRY_NOTICE_DAYS });
  const link = `${frame.origin}${pageHref("web-services")}?lang=${frame.lang}`;
  for (const event of sorted) {
    const { title, text } = describeEvent(event, t);
    feed.addItem({ id: event.id, title: asHtml(title), link, date: new Date(event.at), description: asHtml(text), content: `<p>${escapeHtml(text)}</p>` });
  }
  return feed.atom1();
}

function describeEvent(event: CertificateEvent, t: TFunction<"feeds">): { title: string; text: string } {
  switch (event.kind) {
    case "authority-certificate-configured": {
      const options = { environment: t(`environment.${event.environment}`), from: day(event.notBefore), until: day(event.notAfter), subject: event.subject, fingerprint: event.sha256Fingerprint };
      return { title: t("configuredTitle", options), text: t("configuredText", options) };
    }
    case "authority-certificate-expiring": {
      const options = { environment: t(`environment.${event.environment}`), until: day(event.notAfter), fingerprint: event.sha256Fingerprint, days: EXPIRY_NOTICE_DAYS };
      return { title: t("expiringTitle", options), text: t("expiringText", options) };
    }
    case "sandbox-key-valid":
    case "sandbox-key-announced":
    case "sandbox-key-retired": {
      const options = { id: event.keyId, status: t(`status.${event.status}`), from: day(event.validFrom), until: day(event.validUntil), fingerprint: event.fingerprintSha256 };
      if (event.kind === "sandbox-key-valid") return { title: t("sandboxKeyValidTitle", options), text: t("sandboxKeyValidText", options) };
      if (event.kind === "sandbox-key-announced") return { title: t("sandboxKeyAnnouncedTitle", options), text: t("sandboxKeyAnnouncedText", options) };
      return { title: t("sandboxKeyRetiredTitle", options), text: t("sandboxKeyRetiredText", options) };
    }
  }
}

/** The events of every source, as of `now`. */
export function certificateEvents(sources: FeedSources, now: Date): CertificateEvent[] {
  return [...authorityCertificateEvents(sources.authorityCertificates?.(now) ?? [], now), ...sandboxKeyEvents(sources.sandboxKeys?.(now) ?? [], now)];
}

/**
 * GET /feeds/{changes,certificates}.{pt,en}.atom: the Atom feeds (application/atom+xml), cacheable
 * (ETag from Express, a max-age per feed); any other name is a 404. No input is read but the address.
 */
export function feedsRouter(sources: FeedSources = {}): Router {
  const router = Router();
  const now = sources.now ?? (() => new Date());
  router.get("/feeds/:file", (req: Request, res, next) => {
    const file = req.params.file;
    const match = typeof file === "string" ? /^([a-z]+)\.([a-z]{2})\.atom$/.exec(file) : null;
    const feed = FEED_IDS.find((id) => id === match?.[1]);
    const lang = match?.[2];
    if (!feed || !isLanguage(lang)) {
      next();
      return;
    }
    const frame = { lang, feed, origin: requestOrigin(req) };
    const at = now();
    const xml = feed === "changes" ? changesFeed(frame, sources.changes ?? RULE_CHANGES) : certificatesFeed(frame, certificateEvents(sources, at), at);
    res.setHeader("Content-Type", `${ATOM_MEDIA_TYPE}; charset=utf-8`);
    res.setHeader("Cache-Control", `public, max-age=${FEED_MAX_AGE_SECONDS[feed]}`);
    res.setHeader("Content-Language", lang);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.send(xml);
  });
  return router;
}
