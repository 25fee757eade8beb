import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

export type RenderOutcome =
  /** The document as React wrote it (UTF-8): kept as bytes, as it goes out as bytes. */
  | { kind: "html"; html: Buffer<ArrayBuffer>; hadErrors: boolean }
  /** The render did not finish in time: the server is overloaded, not broken. */
  | { kind: "timeout" };

export interface RenderToHtmlOptions {
  nonce?: string;
  timeoutMs: number;
  onError?: (error: unknown) => void;
}

/**
 * Renders the whole document before answering (onAllReady): lazily loaded content components are
 * resolved on the server, so the first HTML is complete without JavaScript. A render that has not
 * finished after `timeoutMs` is aborted and reported as a timeout instead of an error page.
 */
export function renderToHtml(element: ReactNode, { nonce, timeoutMs, onError }: RenderToHtmlOptions): Promise<RenderOutcome> {
  return new Promise((resolve, reject) => {
    let hadErrors = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort(new Error(`render timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      // Never outline a finished Suspense boundary into a hidden <div> that only a script reveals:
      // above this size (default 12,800 bytes) React 19 does so even after onAllReady, and the
      // lazily loaded content (documents tables, widgets, image previews) was invisible without
      // JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (timedOut) return resolve({ kind: "timeout" });
        // A plain collecting sink (no readable side to pass the bytes through).
        const chunks: Uint8Array[] = [];
        const sink = new Writable({
          write(chunk: Uint8Array, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            resolve({ kind: "html", html: Buffer.concat(chunks), hadErrors });
            callback();
          },
        });
        sink.on("error", reject);
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        if (timedOut) resolve({ kind: "timeout" });
        else reject(error);
      },
      onError(error: unknown) {
        if (timedOut) return;
        hadErrors = true;
        onError?.(error);
      },
    });
  });
}
