import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sonnerStyleHashes } from "./style-hashes";

describe("sonnerStyleHashes", () => {
  it("allows the empty <style> and exactly the stylesheet sonner injects", () => {
    const hashes = sonnerStyleHashes();
    const empty = `'sha256-${createHash("sha256").update("").digest("base64")}'`;
    expect(hashes[0]).toBe(empty);
    // If sonner stops injecting a stylesheet this way, the hash is gone and this test says so.
    expect(hashes).toHaveLength(2);
    expect(hashes[1]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});
