import { WSS_NAMESPACE } from "./xml.js";
import type { Findings } from "./verify-findings.js";
import type { XmlElement } from "./verify-xml.js";

// Finds the UsernameToken's parts and reports what is missing, repeated or in the wrong namespace.

export interface TokenParts {
  readonly username?: XmlElement;
  readonly password?: XmlElement;
  readonly nonce?: XmlElement;
  readonly created?: XmlElement;
}

const PARTS = ["Username", "Password", "Nonce", "Created"] as const;
const NO_NAMESPACE = "(none)";

export function findTokenParts(elements: readonly XmlElement[], findings: Findings): TokenParts | null {
  const securities = elements.filter((element) => element.local === "Security");
  if (securities.length === 0) {
    findings.error("NO_SECURITY_HEADER", "There is no Security element: put <wss:Security> in the SOAP Header of the request");
    return null;
  }
  if (securities.length > 1) repeated(findings, "Security", securities.length);
  const security = securities.find((element) => element.uri === WSS_NAMESPACE) ?? securities[0];
  if (!security) return null;

  const tokens = security.children.filter((element) => element.local === "UsernameToken");
  const token = tokens.find((element) => element.uri === WSS_NAMESPACE) ?? tokens[0];
  if (!token) {
    missing(findings, "UsernameToken");
    checkNamespaces([security], findings);
    return null;
  }
  if (tokens.length > 1) repeated(findings, "UsernameToken", tokens.length);

  const parts: Record<string, XmlElement | undefined> = {};
  for (const name of PARTS) {
    const found = token.children.filter((element) => element.local === name);
    if (found.length === 0) missing(findings, name);
    if (found.length > 1) repeated(findings, name, found.length);
    parts[name] = found[0];
  }
  const present = [security, token, ...PARTS.map((name) => parts[name])].filter((element): element is XmlElement => !!element);
  checkNamespaces(present, findings);
  return { username: parts.Username, password: parts.Password, nonce: parts.Nonce, created: parts.Created };
}

/** One WRONG_NAMESPACE per change of namespace (not one per child), then one prefix warning at most. */
function checkNamespaces(elements: readonly XmlElement[], findings: Findings): void {
  for (const element of elements) {
    const parentUri = elements.includes(element.parent as XmlElement) ? element.parent?.uri : WSS_NAMESPACE;
    if (element.uri !== WSS_NAMESPACE && element.uri !== parentUri) {
      const found = element.uri === "" ? NO_NAMESPACE : element.uri;
      findings.error(
        "WRONG_NAMESPACE",
        `${element.local} is in the namespace ${found}; the authority expects ${WSS_NAMESPACE}`,
        { element: element.local, found, expected: WSS_NAMESPACE },
      );
    }
  }
  const prefixed = elements.find((element) => element.uri === WSS_NAMESPACE && element.prefix !== "wss");
  if (prefixed) {
    const prefix = prefixed.prefix === "" ? NO_NAMESPACE : prefixed.prefix;
    findings.warning(
      "UNEXPECTED_PREFIX",
      `${prefixed.local} has the right namespace under the prefix ${prefix}; the authority's examples use wss`,
      { element: prefixed.local, prefix },
    );
  }
}

function missing(findings: Findings, element: string): void {
  findings.error("MISSING_ELEMENT", `The ${element} element is missing`, { element });
}

function repeated(findings: Findings, element: string, count: number): void {
  findings.error("REPEATED_ELEMENT", `The ${element} element appears ${count} times; keep exactly one`, { element, count });
}
