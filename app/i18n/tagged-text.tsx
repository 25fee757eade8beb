import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";

const TAG = /<([\w-]+)>([^<]*)<\/\1>/g;

/**
 * A translated text with marked parts, such as `See <guide>the guide</guide>.`: each `<name>…</name>`
 * becomes the element given for that name, with the marked words as its children; everything else is
 * plain text (React escapes it). Tags do not nest, and a name with no element stays as written. It
 * replaces react-i18next's `<Trans>` (same HTML), so the browser needs no i18next.
 */
export function TaggedText({ text, components }: { text: string; components: Readonly<Record<string, ReactElement<{ children?: ReactNode }>>> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    const element = components[name];
    if (!element) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(cloneElement(element, { key: `${name}-${String(match.index)}` }, inner));
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
