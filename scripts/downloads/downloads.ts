import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { appPath } from "../../app/config/paths";

/** A file the portal offers for download, and where the build takes it from. */
export interface DownloadSource {
  /** The documents registry id that lists it (content/documents/*.json). */
  readonly id: string;
  /** Relative to the repository root. */
  readonly source: string;
  /** Its name under /areaOE/downloads/. */
  readonly fileName: string;
  /** How to make it when it is missing. */
  readonly madeBy: string;
}

/** What the pages show about a download: real size, digest and date, from the built file. */
export interface DownloadInfo {
  readonly id: string;
  readonly fileName: string;
  readonly href: string;
  readonly bytes: number;
  readonly sha256: string;
  /** The build date (UTC, YYYY-MM-DD): downloads are rebuilt from the sources on every build. */
  readonly date: string;
}

export const DOWNLOADS_PATH = appPath("/downloads");

export const DOWNLOAD_SOURCES: readonly DownloadSource[] = [
  {
    id: "web-services-security-header-cli",
    source: "packages/security-header/dist-bundle/areaoe-security-header.mjs",
    fileName: "areaoe-security-header.mjs",
    madeBy: "npm run bundle -w @areaoe/security-header",
  },
  {
    id: "security-header-soapui-script",
    source: "packages/security-header/soapui/areaoe-security-header.groovy",
    fileName: "areaoe-security-header.groovy",
    madeBy: "(committed source)",
  },
];

export interface LoadedDownload extends DownloadInfo {
  readonly content: Buffer;
}

/** Reads every download and describes it; a missing file fails with the command that makes it. */
export async function loadDownloads(root: string, now = new Date()): Promise<LoadedDownload[]> {
  const date = now.toISOString().slice(0, 10);
  return Promise.all(
    DOWNLOAD_SOURCES.map(async ({ id, source, fileName, madeBy }) => {
      let content: Buffer;
      try {
        content = await readFile(path.join(root, source));
      } catch {
        throw new Error(`Download ${id}: ${source} is missing; make it with: ${madeBy}`);
      }
      return {
        id,
        fileName,
        href: `${DOWNLOADS_PATH}/${fileName}`,
        bytes: content.length,
        sha256: createHash("sha256").update(content).digest("hex"),
        date,
        content,
      };
    }),
  );
}

export function describeDownloads(downloads: readonly LoadedDownload[]): DownloadInfo[] {
  return downloads.map(({ content: _content, ...info }) => info);
}
