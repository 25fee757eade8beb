import { describe, expect, it } from "vitest";
import { singularOf } from "./singular";
import { searchTerm } from "./search-options";

describe("singularOf", () => {
  it.each([
    ["garantias", "garantia"],
    ["prazos", "prazo"],
    ["veiculos", "veiculo"],
    ["declaracoes", "declaracao"],
    ["isencoes", "isencao"],
    ["nacionais", "nacional"],
    ["aplicaveis", "aplicavel"],
    ["leis", "lei"],
    ["itens", "item"],
    ["valores", "valor"],
    ["vezes", "vez"],
  ])("pt: %s is %s", (plural, singular) => {
    expect(singularOf(plural, "pt")).toBe(singular);
    // A singular stays itself, so both forms are one term.
    expect(singularOf(singular, "pt")).toBe(singular);
  });

  it.each([
    ["deadlines", "deadline"],
    ["certificates", "certificate"],
    ["guarantees", "guarantee"],
    ["duties", "duty"],
    ["entries", "entry"],
    ["addresses", "address"],
    ["taxes", "tax"],
    ["searches", "search"],
  ])("en: %s is %s", (plural, singular) => {
    expect(singularOf(plural, "en")).toBe(singular);
    expect(singularOf(singular, "en")).toBe(singular);
  });

  it("leaves short words, acronyms of three letters, numbers and endings that are rarely a plural alone", () => {
    for (const word of ["sal", "ics", "sds", "mais", "pais", "bens", "dss", "juris", "onus", "2027s"]) expect(singularOf(word, "pt")).toBe(word);
    for (const word of ["process", "status", "analysis", "this", "gas", "has"]) expect(singularOf(word, "en")).toBe(word);
  });
});

describe("searchTerm", () => {
  it("folds accents and case, drops stop words, then takes the singular", () => {
    expect(searchTerm("Declarações", "pt")).toBe("declaracao");
    expect(searchTerm("Declaração", "pt")).toBe("declaracao");
    expect(searchTerm("dos", "pt")).toBeNull();
    expect(searchTerm("Deadlines", "en")).toBe("deadline");
    expect(searchTerm("the", "en")).toBeNull();
  });
});
