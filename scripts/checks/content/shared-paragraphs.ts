import type { Node } from "../../build/search/extract-sections";

/**
 * Paragraphs that more than one page says word for word: the sign of a page copied from another
 * instead of written for its subject.
 *
 * A "paragraph" is the visible text of one block: a paragraph, a list item (without its nested
 * lists), a table cell, or the text of a card or callout title. Whitespace is collapsed, case
 * ignored and names in capitals masked, so a re-wrapped copy, or one that only swaps the system's
 * name, is still a copy.
 *
 * Blocks shorter than MIN_SHARED_CHARACTERS are not compared. Below that length a block is a label,
 * not prose: a table header ("Quem", "O que comunica"), a one-word cell, a section pointer such as
 * "Ver Documentos.", or a step that only names a page ("Seguir o guia Primeiros passos."). Pages of
 * one area legitimately share those. The longest such label in the content today is under 60
 * characters, while the shortest copied sentence of the issue ("O SICEX é utilizado pelos operadores
 * económicos no âmbito dos IEC.") is 66: 60 keeps the labels out and every real sentence in.
 */
export const MIN_SHARED_CHARACTERS = 60;

const BLOCKS = new Set(["p", "li", "td", "th", "dt", "dd", "figcaption"]);
// Nested blocks are their own paragraphs: a list item's text stops at its sub-list.
const NESTED = new Set(["ul", "ol", "table", "p"]);
const VISIBLE_ATTRIBUTES = new Set(["title", "caption", "alt"]);

function textOf(node: Node, stopAtNested: boolean): string {
  if (node.type === "text") return node.value ?? "";
  if (node.type === "mdxjsEsm" || node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") return "";
  return (node.children ?? [])
    .map((child) => (stopAtNested && child.type === "element" && NESTED.has(child.tagName ?? "") ? " " : textOf(child, stopAtNested)))
    .join("");
}

// System names and acronyms (SICEU, ROLE_DUI, SFA2, GUE) are masked, so a page copied from another
// with only the system's name changed is still a copy.
const NAME = /(?<![\p{L}\p{N}])\p{Lu}[\p{Lu}\p{N}_]+(?![\p{L}\p{N}])/gu;

export function normaliseParagraph(text: string): string {
  return text.replace(NAME, "§").replace(/\s+/g, " ").trim().toLowerCase();
}

/** The visible text blocks of one compiled content file (see compileContentTree). */
export function paragraphsOf(tree: Node): string[] {
  const blocks: string[] = [];
  function visit(node: Node): void {
    if (node.type === "element" && BLOCKS.has(node.tagName ?? "")) {
      blocks.push(normaliseParagraph(textOf(node, node.tagName === "li")));
    }
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      for (const attribute of node.attributes ?? []) {
        if (attribute.name && VISIBLE_ATTRIBUTES.has(attribute.name) && typeof attribute.value === "string") {
          blocks.push(normaliseParagraph(attribute.value));
        }
      }
    }
    for (const child of node.children ?? []) visit(child);
  }
  visit(tree);
  return blocks.filter((block) => block.length >= MIN_SHARED_CHARACTERS);
}

export interface SharedParagraph {
  text: string;
  files: string[];
}

/** Every paragraph found in more than one file, with the files that hold it (sorted, for stable messages). */
export function sharedParagraphs(files: ReadonlyMap<string, readonly string[]>): SharedParagraph[] {
  const holders = new Map<string, Set<string>>();
  for (const [file, paragraphs] of files) {
    for (const paragraph of paragraphs) {
      const set = holders.get(paragraph) ?? new Set<string>();
      set.add(file);
      holders.set(paragraph, set);
    }
  }
  return [...holders]
    .filter(([, set]) => set.size > 1)
    .map(([text, set]) => ({ text, files: [...set].sort() }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!) || a.text.localeCompare(b.text));
}
