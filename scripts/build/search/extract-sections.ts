import { compile } from "@mdx-js/mdx";
import remarkGfm from "remark-gfm";
import remarkFrontmatter from "remark-frontmatter";
import rehypeSlug from "rehype-slug";

/** A content file cut at its `##` headings; the first section (heading "") is the introduction. */
export interface ContentSection {
  anchor: string;
  heading: string;
  /** Every heading of the section, h2 first, with its level: for the same-sections check. */
  headings: { depth: number; text: string; id: string }[];
  text: string;
  /** Document ids named by `<Documents ids={[…]} />` in this section. */
  documentIds: string[];
}

// A minimal view of the hast/MDX nodes we read, so the script needs no extra type packages.
export interface Node {
  type: string;
  tagName?: string;
  value?: string;
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
}

const BLOCK = new Set(["p", "li", "ul", "ol", "table", "tr", "td", "th", "pre", "blockquote", "div", "br", "dd", "dt"]);
// JSX attributes whose text a visitor sees (card titles, image captions and descriptions).
const VISIBLE_ATTRIBUTES = new Set(["title", "caption", "alt"]);
const HEADING = /^h([1-6])$/;

function plainText(node: Node): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(plainText).join("");
}

function documentIdsOf(node: Node): string[] {
  const ids = node.attributes?.find((attribute) => attribute.name === "ids")?.value;
  const source = typeof ids === "object" && ids && "value" in ids ? String(ids.value) : "";
  return [...source.matchAll(/["'`]([^"'`]+)["'`]/g)].map((match) => match[1] ?? "").filter(Boolean);
}

/** Walks the compiled tree (after rehype-slug, so anchors are the ones the page renders). */
function collectSections(tree: Node): ContentSection[] {
  const sections: ContentSection[] = [{ anchor: "", heading: "", headings: [], text: "", documentIds: [] }];
  const parts: string[][] = [[]];
  const current = () => sections[sections.length - 1]!;
  const push = (text: string) => parts[parts.length - 1]!.push(text);

  function visit(node: Node): void {
    if (node.type === "mdxjsEsm" || node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") return;
    if (node.type === "text") {
      push(node.value ?? "");
      return;
    }
    const level = node.type === "element" ? HEADING.exec(node.tagName ?? "")?.[1] : undefined;
    if (level) {
      const text = plainText(node).trim();
      const id = typeof node.properties?.id === "string" ? node.properties.id : "";
      if (level === "2") {
        sections.push({ anchor: id, heading: text, headings: [], text: "", documentIds: [] });
        parts.push([]);
      } else {
        push(` ${text}. `);
      }
      current().headings.push({ depth: Number(level), text, id });
      return;
    }
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      if (node.name === "Documents") current().documentIds.push(...documentIdsOf(node));
      for (const attribute of node.attributes ?? []) {
        if (attribute.name && VISIBLE_ATTRIBUTES.has(attribute.name) && typeof attribute.value === "string") {
          push(` ${attribute.value}. `);
        }
      }
    }
    for (const child of node.children ?? []) visit(child);
    if (node.type === "mdxJsxFlowElement" || BLOCK.has(node.tagName ?? "")) push(" ");
  }

  visit(tree);
  sections.forEach((section, index) => {
    section.text = (parts[index] ?? []).join("").replace(/\s+/g, " ").trim();
  });
  return sections;
}

/** The HTML tree of an MDX content file, compiled the way the site does (GFM, frontmatter, heading slugs). */
export async function compileContentTree(source: string): Promise<Node> {
  let tree: Node | undefined;
  await compile(source, {
    remarkPlugins: [remarkGfm, remarkFrontmatter],
    rehypePlugins: [rehypeSlug, () => (root: unknown) => void (tree = root as Node)],
  });
  if (!tree) throw new Error("MDX compile produced no tree");
  return tree;
}

/** A content file cut into its introduction and `##` sections. */
export async function extractSections(source: string): Promise<ContentSection[]> {
  const sections = collectSections(await compileContentTree(source));
  // An empty introduction (the file starts with a heading) is not a section of its own.
  return sections.filter((section, index) => index > 0 || section.text !== "" || section.documentIds.length > 0);
}
