import { describe, expect, it } from "vitest";
import { headerMadeFor } from "./header-check";

// The targets a portal's form offers: the local test key while no certificate is configured, else the authority's.
const LOCAL = [{ id: "test", localTest: true }] as const;
const CONFIGURED = [
  { id: "test", localTest: false },
  { id: "production", localTest: false },
] as const;

describe("headerMadeFor: the key the generation form says a header was made for", () => {
  it("names the form's local test key and the authority's certificates, which the checker never decrypts with", () => {
    expect(headerMadeFor("test", LOCAL)).toBe("form-local-key");
    expect(headerMadeFor("test", CONFIGURED)).toBe("authority-test");
    expect(headerMadeFor("production", CONFIGURED)).toBe("authority-production");
  });

  it("takes the sandbox's key as checkable, and anything else (a target this portal does not offer, a pasted check) as nothing said", () => {
    expect(headerMadeFor("sandbox", LOCAL)).toBe("sandbox");
    expect(headerMadeFor("production", LOCAL)).toBeNull();
    for (const value of [null, "", "TEST", "sandbox ", "x".repeat(10_000), 42]) expect(headerMadeFor(value, CONFIGURED)).toBeNull();
  });
});
