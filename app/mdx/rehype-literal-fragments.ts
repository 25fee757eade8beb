/**
 * Markdown percent-encodes link addresses, so `[Condições de acesso](#condições-de-acesso)` becomes
 * `href="#condi%C3%A7%C3%B5es-de-acesso"` while rehype-slug gives the heading the literal id
 * `condições-de-acesso`. Browsers forgive the difference; checkers that compare literally do not.
 * This plugin writes the fragment of in-page and in-app links in the literal form, the same form the
 * heading ids and the "On this page" list use, so that literal checkers find every anchor.
 */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The href with its fragment decoded (`#condi%C3%A7%C3%B5es` → `#condições`); others unchanged. */
export function literalFragmentHref(href: string): string {
  const hash = href.indexOf("#");
  if (hash === -1) return href;
  const target = href.slice(0, hash);
  // Only links inside the portal: an external address keeps the form its author wrote.
  if (target !== "" && !target.startsWith("/")) return href;
  try {
    return `${target}#${decodeURIComponent(href.slice(hash + 1))}`;
  } catch {
    return href; // A malformed escape: leave it for the link checks to report.
  }
}

function visit(node: HastNode): void {
  if (node.type === "element" && node.tagName === "a" && typeof node.properties?.href === "string") {
    node.properties.href = literalFragmentHref(node.properties.href);
  }
  for (const child of node.children ?? []) visit(child);
}

export default function rehypeLiteralFragments() {
  return (tree: HastNode) => visit(tree);
}
