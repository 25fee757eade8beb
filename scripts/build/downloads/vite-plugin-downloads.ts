import type { Plugin } from "vite";
import { sourceFileHeaders } from "../../../server/http/source-file-headers";
import { describeDownloads, DOWNLOAD_SOURCES, DOWNLOADS_PATH, loadDownloads, type LoadedDownload } from "./downloads";

const MODULE_ID = "virtual:areaoe-downloads";
const RESOLVED = `\0${MODULE_ID}`;

/**
 * The one-file command-line tool and the SoapUI script, served as downloads from
 * /areaOE/downloads/<file> (emitted into the client build), and `import { DOWNLOADS } from
 * "virtual:areaoe-downloads"` for the pages: size, SHA-256 and date of the very bytes served.
 */
export function downloadsPlugin(root = process.cwd()): Plugin {
  // The client and server builds run in one process: read the files once so both see the same bytes.
  let loading: Promise<LoadedDownload[]> | undefined;
  const load = () => (loading ??= loadDownloads(root));
  return {
    name: "areaoe-downloads",
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      for (const { source } of DOWNLOAD_SOURCES) this.addWatchFile(`${root}/${source}`);
      return `export const DOWNLOADS = ${JSON.stringify(describeDownloads(await load()))};`;
    },
    async generateBundle() {
      // The files belong to the client build's folder, which the server serves (one builder, several environments).
      if (this.environment.name !== "client") return;
      for (const download of await load()) {
        this.emitFile({ type: "asset", fileName: `downloads/${download.fileName}`, source: download.content });
      }
    },
    configureServer(server) {
      // `npm run dev`: serve the same files from memory.
      server.middlewares.use(async (req, res, next) => {
        const url = req.originalUrl ?? req.url ?? "";
        if (!url.startsWith(`${DOWNLOADS_PATH}/`)) return next();
        const download = (await load()).find((candidate) => `${DOWNLOADS_PATH}/${candidate.fileName}` === url.split("?")[0]);
        if (!download) return next();
        res.setHeader("Content-Type", "application/octet-stream");
        // As the production server answers: a program source is plain text, to save.
        sourceFileHeaders(res, download.fileName);
        res.end(download.content);
      });
    },
  };
}
