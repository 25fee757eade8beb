import { compile } from "@mdx-js/mdx";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { rehypePlugins, remarkPlugins } from "../../../app/mdx/mdx-pipeline";
import { LANGUAGES, type Language } from "../../../app/i18n/languages";
import type { Node } from "../../build/search/extract-sections";

/** The HTML tree of a content file exactly as the site compiles it (app/mdx/mdx-pipeline.ts). */
export async function compileSiteTree(source: string): Promise<Node> {
  let tree: Node | undefined;
  const capture = () => (root: unknown) => void (tree = root as Node);
  await compile(source, { remarkPlugins, rehypePlugins: [...rehypePlugins, capture] });
  if (!tree) throw new Error("MDX compile produced no tree");
  return tree;
}

export interface ContentFile {
  /** "content/pt/excise-siceu.mdx" */
  file: string;
  lang: Language;
  pageId: string;
  tree: Node;
}

/** Every content file of both languages, compiled the site's way. */
export async function readAllContentFiles(root: string): Promise<ContentFile[]> {
  const result: ContentFile[] = [];
  for (const lang of LANGUAGES) {
    const folder = path.join(root, "content", lang);
    const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".mdx")).sort() : [];
    for (const name of names) {
      const file = `content/${lang}/${name}`;
      result.push({ file, lang, pageId: name.slice(0, -".mdx".length), tree: await compileSiteTree(readFileSync(path.join(root, file), "utf8")) });
    }
  }
  return result;
}

/** Every element of a tree, depth first. */
export function* elements(node: Node): Generator<Node> {
  if (node.type === "element") yield node;
  for (const child of node.children ?? []) yield* elements(child);
}
