import type { DocumentEntry } from "./document-schema";

export interface DownloadFacts {
  id: string;
  href: string;
  bytes: number;
  date: string;
}

/** "42 KB": whole kilobytes, rounded up, the same in both languages. */
export function formatDownloadSize(bytes: number): string {
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}

/**
 * The registry entries of files the portal builds and serves itself get their address, size and date
 * from the built file, so the table never shows a stale size or a dead link.
 */
export function withDownloads(
  documents: ReadonlyMap<string, DocumentEntry>,
  downloads: readonly DownloadFacts[],
): Map<string, DocumentEntry> {
  const merged = new Map(documents);
  for (const download of downloads) {
    const entry = merged.get(download.id);
    if (!entry) continue;
    merged.set(download.id, { ...entry, href: download.href, size: formatDownloadSize(download.bytes), date: download.date });
  }
  return merged;
}
