// The `fresh` package (jshttp, the conditional-request check Express itself uses) ships no types.
declare module "fresh" {
  import type { IncomingHttpHeaders } from "node:http";
  /** Whether a stored response with these validators is still fresh for this conditional request. */
  export default function fresh(requestHeaders: IncomingHttpHeaders, responseHeaders: { etag?: string; "last-modified"?: string }): boolean;
}
