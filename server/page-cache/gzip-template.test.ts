import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipTemplate, gzipWithNonce } from "./gzip-template";

const parts = ["<html><head><script nonce=\"", "\">a()</script><link nonce=\"", "\"></head><body>", "".padEnd(5_000, "Importação "), ""].map((text) =>
  Buffer.from(text),
);

describe("gzipWithNonce", () => {
  it("is a valid gzip body of the page with the nonce in every placeholder's place", () => {
    const template = gzipTemplate(parts);
    for (const nonce of ["bCQH5eeNIhZtN+pP6tl19g==", "jNZiub+bMc3YMEkhYKtVdQ=="]) {
      const body = gzipWithNonce(template, Buffer.from(nonce));
      expect(gunzipSync(body).toString()).toBe(parts.map(String).join(nonce));
    }
  });

  it("handles a page without placeholders and adjacent placeholders", () => {
    for (const pieces of [[Buffer.from("<p>only</p>")], [Buffer.from("a"), Buffer.alloc(0), Buffer.from("b")]]) {
      const body = gzipWithNonce(gzipTemplate(pieces), Buffer.from("N"));
      expect(gunzipSync(body).toString()).toBe(pieces.map(String).join("N"));
    }
  });
});
