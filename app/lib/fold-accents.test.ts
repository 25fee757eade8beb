import { describe, expect, it } from "vitest";
import { foldAccents } from "./fold-accents";

describe("foldAccents", () => {
  it("drops accents and case", () => {
    expect(foldAccents("Importação")).toBe("importacao");
    expect(foldAccents("ÂMBITO")).toBe("ambito");
    expect(foldAccents("SiMTeM")).toBe("simtem");
  });
});
