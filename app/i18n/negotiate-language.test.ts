import { describe, expect, it } from "vitest";
import { negotiateLanguage, pickFromAcceptLanguage } from "./negotiate-language";

describe("negotiateLanguage", () => {
  it("prefers the query, then the cookie, then Accept-Language, then pt", () => {
    expect(negotiateLanguage({ query: "en", cookie: "pt", acceptLanguage: "pt-PT" })).toBe("en");
    expect(negotiateLanguage({ query: null, cookie: "en", acceptLanguage: "pt-PT" })).toBe("en");
    expect(negotiateLanguage({ acceptLanguage: "en-GB,en;q=0.9" })).toBe("en");
    expect(negotiateLanguage({})).toBe("pt");
  });

  it("ignores unknown values at every step instead of failing", () => {
    expect(negotiateLanguage({ query: "fr", cookie: "de", acceptLanguage: "es-ES" })).toBe("pt");
    expect(negotiateLanguage({ query: "EN" })).toBe("pt");
    expect(negotiateLanguage({ query: "<script>", cookie: "en" })).toBe("en");
    expect(negotiateLanguage({ query: "", acceptLanguage: "en" })).toBe("en");
  });
});

describe("pickFromAcceptLanguage", () => {
  it("honours q-values and header order", () => {
    expect(pickFromAcceptLanguage("fr-FR, en;q=0.5, pt;q=0.8")).toBe("pt");
    expect(pickFromAcceptLanguage("en;q=0.8, pt;q=0.8")).toBe("en");
    expect(pickFromAcceptLanguage("pt-BR")).toBe("pt");
  });

  it("skips refused (q=0) and malformed entries", () => {
    expect(pickFromAcceptLanguage("pt;q=0, en")).toBe("en");
    expect(pickFromAcceptLanguage("en;q=abc, pt;q=0.1")).toBe("pt");
    expect(pickFromAcceptLanguage(";;;,,,")).toBeUndefined();
    expect(pickFromAcceptLanguage("*")).toBeUndefined();
  });
});
