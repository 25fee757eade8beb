/**
 * The public sources a page may link to directly, and the words a page may not use to send
 * its reader elsewhere instead of saying the thing itself.
 */

/** Hosts (and their subdomains) of primary public sources: the law, the authorities, the regulators. */
export const PRIMARY_SOURCE_HOSTS = [
  "europa.eu", // EUR-Lex, the Commission's customs and taxation pages, the EDPB
  "diariodarepublica.pt",
  "dre.pt",
  "gov.pt", // the AT (portaldasfinancas.gov.pt, at.gov.pt), acessibilidade.gov.pt, mosaico.gov.pt
  "cnpd.pt",
  "portugalglobal.pt", // AICEP, Portugal's trade and investment agency (a government agency): its publication of a Commission announcement, labelled as such (issue 47)
] as const;

/**
 * Hosts whose pages are cited only as an announcement of the institution that made a rule, or as its
 * publication by a Portuguese government agency, where the legal text could not be reached (CONTRIBUTING,
 * "Sources and words"): never as the legal text. Every source item that links one, the page's own text and
 * a time-limit record that rests on one say so (`ANNOUNCEMENT_LABEL`; scripts/checks/content/system-pages.test.ts).
 */
export const ANNOUNCEMENT_SOURCE_HOSTS = [
  "portugalglobal.pt", // AICEP: its publication of the Commission's statement on the low-value consignments' duty
  "acm.gov.pt", // the High Commission for Migration: its public information on when ISV is paid
] as const;

/** The words that label an announcement on a page: it is not the legal text. */
export const ANNOUNCEMENT_LABEL = { pt: /\bnão (?:é |d)?o texto legal\b/i, en: /\bnot (?:from )?the legal text\b/i } as const;

/** Hosts of the technical standards a page may cite besides the law (WCAG, WS-Security, SOAP, RFCs). */
export const STANDARD_SOURCE_HOSTS = ["w3.org", "oasis-open.org", "rfc-editor.org", "ietf.org"] as const;

function hostMatches(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

function hostOf(href: string): string | undefined {
  try {
    const url = new URL(href);
    return url.protocol === "https:" ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** An https address of a page cited only as an announcement (`ANNOUNCEMENT_SOURCE_HOSTS`), never as the legal text. */
export function isAnnouncementSource(href: string): boolean {
  const host = hostOf(href);
  return host !== undefined && hostMatches(host, ANNOUNCEMENT_SOURCE_HOSTS);
}

/** An https address of a primary source (the law, the authority). */
export function isPrimarySource(href: string): boolean {
  const host = hostOf(href);
  return host !== undefined && hostMatches(host, PRIMARY_SOURCE_HOSTS);
}

/** An https address a content file may write in: a primary source or a standard. */
export function isCitableSource(href: string): boolean {
  const host = hostOf(href);
  return host !== undefined && hostMatches(host, [...PRIMARY_SOURCE_HOSTS, ...STANDARD_SOURCE_HOSTS]);
}

/** The heading of the sources section, the last `##` of every page that states rules. */
export const SOURCES_HEADING = { pt: "Legislação e fontes", en: "Legislation and sources" } as const;

/**
 * Phrases that defer to a document or to the authority instead of stating the rule (matched
 * case-insensitively, accents as written). "Contacte-nos" / "Contact us" as the help route is fine.
 */
export const DEFERRAL_PHRASES = {
  pt: [
    /\bo manual (?:do [^.\n]{0,40})?(?:indica|descreve|explica|exige)/i,
    /\bconsulte o manual/i,
    /\b(?:descrit|indicad)[oa]s? no manual/i,
    /\bconfirme(?:-o|-os|-a|-as)? com a AT\b/i,
    /\bconfirme também/i,
    /\bconfirme esse ponto/i,
    /\bpergunte à AT\b/i,
    /\bpergunte através/i,
    /\bpeça à AT\b/i,
    /\bconfirme junto d/i,
    /\bpergunte à Autoridade/i,
    /\bainda não foi publicad/i,
    /\bquando estiver disponível/i,
  ],
  en: [
    /\bthe manual (?:of [^.\n]{0,40})?(?:says|gives|describes|explains|indicates|states)\b/i,
    /\bsee the user manual/i,
    /\bdescribed in the manual/i,
    /\bconfirm (?:it|them|that point) with (?:the )?AT\b/i,
    /\bcheck with (?:the )?AT\b/i,
    /\bask (?:the )?AT\b/i,
    /\bask through\b/i,
    /\bconfirm with the authority/i,
    /\bask the authority/i,
    /\bhas not (?:yet )?been published/i,
    /\bnot been published on this portal/i,
    /\bwhen it is available/i,
  ],
} as const;

/**
 * Phrases that place something by where it sits on the screen: the side panel is beside the page on a
 * wide screen and below it on a phone, so "in the side panel" is false at some width. A link in the
 * sentence itself (`<ConfigLink name="contactUs">`) needs no place.
 */
export const LAYOUT_PHRASES = {
  pt: [/\bno painel lateral\b/i, /\bna barra lateral\b/i, /\bna coluna (?:da direita|da esquerda|lateral)\b/i, /\bacima à direita\b/i],
  en: [/\bin the side ?panel\b/i, /\bin the sidebar\b/i, /\bin the (?:right|left)-hand column\b/i, /\bat the top right\b/i],
} as const;
