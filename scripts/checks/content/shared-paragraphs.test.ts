import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../app/i18n/languages";
import { compileSiteTree, readAllContentFiles, type ContentFile } from "./site-tree";
import { MIN_SHARED_CHARACTERS, normaliseParagraph, paragraphsOf, sharedParagraphs } from "./shared-paragraphs";

/**
 * No two pages share a paragraph. A fact every page needs lives on one page (first
 * steps, web services, the testing manual) and the others link to it; where a system's facts are not
 * known, its page is short and says where to ask.
 */
let files: ContentFile[] = [];

beforeAll(async () => {
  files = await readAllContentFiles(process.cwd());
}, 60_000);

describe("no two pages share a paragraph", () => {
  it.each(LANGUAGES)("in %s", (lang) => {
    const pages = new Map(files.filter((file) => file.lang === lang).map((file) => [file.file, paragraphsOf(file.tree)]));
    expect(pages.size).toBeGreaterThan(20);
    const shared = sharedParagraphs(pages).map(({ text, files: holders }) => `${holders.join(" and ")} share: "${text}"`);
    expect(shared).toEqual([]);
  });
});

describe("sharedParagraphs", () => {
  const paragraphs = async (source: string) => paragraphsOf(await compileSiteTree(source));

  it("finds a paragraph two pages share, whatever the wrapping, the case or the system named", async () => {
    const a = await paragraphs("O SICEX é utilizado pelos operadores económicos no âmbito dos IEC e\nde outras coisas.");
    const b = await paragraphs("o SICEU é utilizado pelos operadores económicos   no âmbito dos IEC e de outras coisas.");
    expect(sharedParagraphs(new Map([["a", a], ["b", b]]))).toHaveLength(1);
  });

  it("compares list items and table cells, and ignores blocks shorter than the threshold", async () => {
    const a = await paragraphs("- Um item de lista suficientemente longo para contar como um parágrafo.\n\n| Quem |\n| --- |\n| Curto |");
    const b = await paragraphs("Introdução diferente.\n\n1. Um item de lista suficientemente longo para contar como um parágrafo.\n\n| Quem |\n| --- |\n| Curto |");
    const shared = sharedParagraphs(new Map([["a", a], ["b", b]]));
    expect(shared.map((entry) => entry.text)).toEqual([normaliseParagraph("Um item de lista suficientemente longo para contar como um parágrafo.")]);
    expect("Quem".length).toBeLessThan(MIN_SHARED_CHARACTERS);
  });

  it("does not confuse different sentences", async () => {
    const a = await paragraphs("O SICEU processa o documento administrativo eletrónico dos produtos em suspensão.");
    const b = await paragraphs("O GASPRO trata os reembolsos do gasóleo profissional das empresas de transporte.");
    expect(sharedParagraphs(new Map([["a", a], ["b", b]]))).toEqual([]);
  });
});
