import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { appPath } from "../../../app/config/paths";
import { JAR_ENTRY_DATE, JAR_FILE } from "../../../packages/security-header/soapui-plugin/build-plugin";

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
  /** A committed artifact's own date (YYYY-MM-DD); files built on every build carry the build date. */
  readonly date?: string;
}

/** What the pages show about a download: real size, digest and date, from the built file. */
export interface DownloadInfo {
  readonly id: string;
  readonly fileName: string;
  readonly href: string;
  readonly bytes: number;
  readonly sha256: string;
  /** The build date (UTC, YYYY-MM-DD) of files rebuilt on every build; a committed artifact's own date. */
  readonly date: string;
}

export const DOWNLOADS_PATH = appPath("/downloads");

/** The security header samples, one per language (their page: security-header-samples). */
export const SAMPLE_FILES = [
  { id: "security-header-sample-java", file: "AreaoeHeader.java" },
  { id: "security-header-sample-csharp", file: "AreaoeHeader.cs" },
  { id: "security-header-sample-python", file: "areaoe_header.py" },
  { id: "security-header-sample-php", file: "areaoe-header.php" },
  { id: "security-header-sample-go", file: "areaoe_header.go" },
  { id: "security-header-sample-nodejs", file: "areaoe-header.mjs" },
] as const;

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
  {
    // Committed (a reproducible build that its test compares byte for byte), so that a machine with
    // Node.js alone builds and serves the same jar: packages/security-header/soapui-plugin/README.md.
    id: "security-header-soapui-plugin",
    source: `packages/security-header/soapui-plugin/${JAR_FILE}`,
    fileName: JAR_FILE,
    madeBy: "npm run soapui-plugin -w @areaoe/security-header (needs a JDK)",
    date: JAR_ENTRY_DATE.slice(0, 10),
  },
  {
    id: "security-header-test-vectors",
    source: "packages/security-header/test-vectors/security-header-test-vectors.json",
    fileName: "security-header-test-vectors.json",
    madeBy: "npm run test-vectors -w @areaoe/security-header",
  },
  {
    // The catalogue page renders the same file (app/features/fault-catalogue).
    id: "security-header-faults",
    source: "content/faults/security-header-faults.json",
    fileName: "security-header-faults.json",
    madeBy: "(committed source)",
  },
  // The integrators' samples (committed sources, one file per language), under /areaOE/downloads/samples/.
  ...SAMPLE_FILES.map(({ id, file }) => ({
    id,
    source: `packages/security-header/samples/${file}`,
    fileName: `samples/${file}`,
    madeBy: "(committed source)",
  })),
];

export interface LoadedDownload extends DownloadInfo {
  readonly content: Buffer;
}

/** Reads every download and describes it; a missing file fails with the command that makes it. */
export async function loadDownloads(root: string, now = new Date()): Promise<LoadedDownload[]> {
  const date = now.toISOString().slice(0, 10);
  return Promise.all(
    DOWNLOAD_SOURCES.map(async ({ id, source, fileName, madeBy, date: ownDate }) => {
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
        date: ownDate ?? date,
        content,
      };
    }),
  );
}

export function describeDownloads(downloads: readonly LoadedDownload[]): DownloadInfo[] {
  return downloads.map(({ content: _content, ...info }) => info);
}
