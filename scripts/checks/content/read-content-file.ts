import { compileContentTree, type Node } from "../../build/search/extract-sections";

export interface ContentHeading {
  depth: number;
  text: string;
  id: string;
}

export interface ContentLinkRef {
  href: string;
  text: string;
  /** The `##` section the link sits in ("(introduction)" before the first). */
  section: string;
}

export interface ContentFileFacts {
  headings: ContentHeading[];
  links: ContentLinkRef[];
  /** Document ids of every `<Documents ids={…}>`, with the `##` section they sit in. */
  documents: { id: string; section: string }[];
}

function textOf(node: Node): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

function attribute(node: Node, name: string): unknown {
  return node.attributes?.find((candidate) => candidate.name === name)?.value;
}

/** Headings, links and document references of one content file, read from its compiled tree. */
export async function readContentFile(source: string): Promise<ContentFileFacts> {
  const facts: ContentFileFacts = { headings: [], links: [], documents: [] };
  let section = "(introduction)";
  function visit(node: Node): void {
    const level = node.type === "element" ? /^h([1-6])$/.exec(node.tagName ?? "")?.[1] : undefined;
    if (level) {
      const text = textOf(node).trim();
      facts.headings.push({ depth: Number(level), text, id: String(node.properties?.id ?? "") });
      if (level === "2") section = text;
    }
    if (node.type === "element" && node.tagName === "a") {
      facts.links.push({ href: String(node.properties?.href ?? ""), text: textOf(node).trim(), section });
    }
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      const href = attribute(node, "href");
      if (typeof href === "string") facts.links.push({ href, text: String(attribute(node, "title") ?? textOf(node)).trim(), section });
      if (node.name === "Documents") {
        const ids = attribute(node, "ids");
        const source = typeof ids === "object" && ids && "value" in ids ? String(ids.value) : "";
        for (const match of source.matchAll(/["'`]([^"'`]+)["'`]/g)) facts.documents.push({ id: match[1] ?? "", section });
      }
    }
    for (const child of node.children ?? []) visit(child);
  }
  visit(await compileContentTree(source));
  return facts;
}
