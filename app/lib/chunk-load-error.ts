/**
 * A chunk of the page's code (a route module or a content file) that did not arrive. Its address, when
 * known, lets Retry ask for the file again under a fresh query: a browser may keep a failed module in
 * its module map for the rest of the document (the older HTML rule, still followed by some browsers),
 * so importing the same address again in the same document is no retry at all.
 */
export class ChunkLoadError extends Error {
  constructor(
    /** Absolute or root-relative address of the chunk; undefined when the browser did not say it. */
    readonly moduleUrl: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(`Failed to load the page code ${moduleUrl ?? "(address not given by the browser)"}`, options);
    this.name = "ChunkLoadError";
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === "ChunkLoadError" && "moduleUrl" in error;
}

// Chromium: "Failed to fetch dynamically imported module: <url>"; Firefox: "error loading dynamically
// imported module: <url>"; Safari names no address ("Importing a module script failed.").
const MODULE_ADDRESS = /\bhttps?:\/\/[^\s"'<>]+?\.m?js\b/;

/**
 * The ChunkLoadError for a failed dynamic import, with the chunk's address when the browser's message
 * gives one of this page's own origin (never an address from elsewhere).
 */
export function chunkLoadErrorFrom(cause: unknown, origin: string): ChunkLoadError {
  if (isChunkLoadError(cause)) return cause;
  const message = cause instanceof Error ? cause.message : String(cause);
  const found = MODULE_ADDRESS.exec(message)?.[0];
  const sameOrigin = found !== undefined && URL.canParse(found) && new URL(found).origin === origin;
  return new ChunkLoadError(sameOrigin ? found : undefined, { cause });
}
