import { describe, expect, it } from "vitest";
import { normalizeTerm } from "./normalize-term";

describe("normalizeTerm", () => {
  it("drops accents and case", () => {
    expect(normalizeTerm("Importação")).toBe("importacao");
    expect(normalizeTerm("ÂMBITO")).toBe("ambito");
    expect(normalizeTerm("SiMTeM")).toBe("simtem");
  });
});
