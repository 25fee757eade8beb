import { describe, expect, it } from "vitest";
import { buildPassage } from "./passage";

const join = (parts: { text: string; match: boolean }[]) => parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join("");

describe("buildPassage", () => {
  it("marks the whole words that are a matched term, accents or not", () => {
    expect(join(buildPassage("A declaração de importação é feita no STADA.", ["importacao", "stada"]))).toBe(
      "A declaração de [importação] é feita no [STADA].",
    );
  });

  it("marks no word that only starts with a term, or is a letter away from it (the index matches whole words)", () => {
    expect(join(buildPassage("Certificados digitais de teste", ["certif"]))).toBe("Certificados digitais de teste");
    expect(join(buildPassage("Juros de mora sobre 100 euros.", ["juros"]))).toBe("[Juros] de mora sobre 100 euros.");
    expect(join(buildPassage("O saldo do SAL.", ["sal"]))).toBe("O saldo do [SAL].");
  });

  it("does not mark a term inside another word", () => {
    expect(join(buildPassage("O NSAL não é SAL.", ["sal"]))).toBe("O NSAL não é [SAL].");
  });

  it("cuts a long text around the first match, at word boundaries", () => {
    const text = `${"palavra ".repeat(60)}EORI ${"fim ".repeat(60)}`.trim();
    const result = join(buildPassage(text, ["eori"], 100));
    expect(result.startsWith("… ")).toBe(true);
    expect(result.endsWith(" …")).toBe(true);
    expect(result).toContain("[EORI]");
    expect(result.length).toBeLessThan(120);
  });

  it("starts at the beginning when nothing matches in the stored text", () => {
    expect(join(buildPassage("Texto curto.", ["outro"]))).toBe("Texto curto.");
  });
  it("marks a plural or a singular of a matched term when told how a word becomes a term", () => {
    const termOf = (word: string) => (word.endsWith("s") ? word.slice(0, -1) : word);
    expect(join(buildPassage("As garantias e a garantia global.", ["garantia"], 220, termOf))).toBe("As [garantias] e a [garantia] global.");
  });
});
