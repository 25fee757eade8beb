import { SaxesParser, type SaxesAttributeNS } from "saxes";

// A small namespace-aware tree of the request, read with saxes (a maintained, conformant streaming
// parser). A DOCTYPE is refused outright: no DTD is read, no entity is ever expanded (so neither an
// external entity nor "billion laughs" can do anything).

export interface XmlAttribute {
  readonly uri: string;
  readonly local: string;
  readonly value: string;
}

export interface XmlElement {
  readonly uri: string;
  readonly local: string;
  readonly prefix: string;
  readonly attributes: readonly XmlAttribute[];
  readonly children: XmlElement[];
  readonly parent: XmlElement | null;
  text: string;
}

export type ParsedXml =
  | { ok: true; elements: XmlElement[] }
  | { ok: false; problem: "NOT_XML" | "DTD_FORBIDDEN"; detail: string };

class Stop extends Error {
  constructor(
    readonly problem: "NOT_XML" | "DTD_FORBIDDEN",
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Every element in document order (no recursion anywhere: deep nesting cannot overflow the stack). */
export function parseXml(xml: string): ParsedXml {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const elements: XmlElement[] = [];
  let current: XmlElement | null = null;
  parser.on("doctype", () => {
    throw new Stop("DTD_FORBIDDEN", "the document has a DOCTYPE declaration");
  });
  parser.on("error", (error) => {
    throw new Stop("NOT_XML", error.message);
  });
  parser.on("opentag", (tag) => {
    const attributes = Object.values(tag.attributes as Record<string, SaxesAttributeNS>).map(({ uri, local, value }) => ({ uri, local, value }));
    const element: XmlElement = {
      uri: tag.uri ?? "",
      local: tag.local ?? tag.name,
      prefix: tag.prefix ?? "",
      attributes,
      children: [],
      parent: current,
      text: "",
    };
    current?.children.push(element);
    elements.push(element);
    current = element;
  });
  parser.on("closetag", () => {
    current = current?.parent ?? null;
  });
  const addText = (text: string) => {
    if (current) current.text += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof Stop) return { ok: false, problem: error.problem, detail: error.detail };
    return { ok: false, problem: "NOT_XML", detail: error instanceof Error ? error.message : "unreadable" };
  }
  if (elements.length === 0) return { ok: false, problem: "NOT_XML", detail: "no element found" };
  return { ok: true, elements };
}

export function attribute(element: XmlElement, local: string): string | undefined {
  return element.attributes.find((candidate) => candidate.local === local && candidate.uri === "")?.value ??
    element.attributes.find((candidate) => candidate.local === local)?.value;
}
