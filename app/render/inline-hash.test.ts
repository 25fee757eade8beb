import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspHash } from "./inline-hash";

describe("cspHash", () => {
  it("is the CSP source of the SHA-256 of the UTF-8 text, in standard Base64", () => {
    // FIPS 180-2 test vectors: SHA-256 of "" and of "abc".
    expect(cspHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(cspHash("abc")).toBe(`'sha256-${Buffer.from("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "hex").toString("base64")}'`);
  });

  it("hashes a string and its UTF-8 bytes alike (accents included), and the same Buffer again from memory", () => {
    const text = "p::after{content:'Importação'}";
    const bytes = Buffer.from(text);
    expect(cspHash(bytes)).toBe(cspHash(text));
    expect(cspHash(bytes)).toBe(`'sha256-${createHash("sha256").update(bytes).digest("base64")}'`);
    expect(cspHash(Buffer.from("other"))).not.toBe(cspHash(bytes));
  });
});
