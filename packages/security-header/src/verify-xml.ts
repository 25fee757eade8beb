import { SaxesParser, type SaxesAttributeNS } from "saxes";

// A small namespace-aware tree of the request, read with saxes (a maintained, conformant streaming
// parser). A DOCTYPE is refused outright: no DTD is read, no entity is ever expanded (so neither an
// external entity nor "billion laughs" can do anything). The parse stops at the first tag beyond the
// limits below: saxes resolves each prefix by walking the open tags, so its cost grows with the square
// of the nesting depth (64 KB of `<a>` took 5 s); with the limits, no input costs more than a few
// milliseconds, however it is built. The parse also stops at the SOAP Body (the Envelope's child
// `Body`, kept as an element without its content): the header is all the verifier reads, so a realistic
// envelope's Body (hundreds of KB of a declaration) costs neither parsing nor the limits below.

/** Limits no real SOAP envelope with a security header comes near (one has ~10 elements, depth ~5). */
export const XML_LIMITS = {
  /** Elements open at once. */
  maxDepth: 32,
  /** Elements in the whole document. */
  maxElements: 256,
  /** Attributes (namespace declarations included) on one element. */
  maxAttributes: 64,
} as const;

export type XmlProblem = "NOT_XML" | "DTD_FORBIDDEN" | "XML_TOO_DEEP" | "XML_TOO_MANY_ELEMENTS" | "XML_TOO_MANY_ATTRIBUTES";

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
  | { ok: false; problem: XmlProblem; detail: string };

/** Thrown at the Envelope's Body: what came before it is the whole parse (a success). */
class AtBody extends Error {}

class Stop extends Error {
  constructor(
    readonly problem: XmlProblem,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Every element in document order (no recursion anywhere: deep nesting cannot overflow the stack). */
export function parseXml(xml: string, limits: { maxDepth: number; maxElements: number; maxAttributes: number } = XML_LIMITS): ParsedXml {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const elements: XmlElement[] = [];
  let current: XmlElement | null = null;
  let depth = 0;
  let attributeCount = 0;
  // Counted as the parser meets each tag and attribute, before saxes does any per-tag work on it.
  parser.on("opentagstart", () => {
    depth += 1;
    attributeCount = 0;
    if (depth > limits.maxDepth) throw new Stop("XML_TOO_DEEP", `more than ${limits.maxDepth} nested elements`);
    if (elements.length >= limits.maxElements) throw new Stop("XML_TOO_MANY_ELEMENTS", `more than ${limits.maxElements} elements`);
  });
  parser.on("attribute", () => {
    attributeCount += 1;
    if (attributeCount > limits.maxAttributes) {
      throw new Stop("XML_TOO_MANY_ATTRIBUTES", `more than ${limits.maxAttributes} attributes on one element`);
    }
  });
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
    if (element.local === "Body" && element.parent !== null && element.parent.parent === null && element.parent.local === "Envelope") throw new AtBody();
  });
  // Sent for self-closing tags too.
  parser.on("closetag", () => {
    depth -= 1;
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
    if (error instanceof AtBody) return { ok: true, elements };
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
