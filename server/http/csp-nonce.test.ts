import { describe, expect, it } from "vitest";
import { newNonce } from "./csp-nonce";

describe("newNonce", () => {
  it("gives 16 bytes in standard Base64, never the same twice, across several refills of its pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 256 * 4 + 7; i += 1) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(256 * 4 + 7);
  });
});
