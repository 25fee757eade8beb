import { createContext, RouterContextProvider } from "react-router";
import type { Language } from "~/i18n/languages";
import type { IslandAssets } from "~/islands/island-head";
import type { PublicConfig } from "~/config/public-config";
import type { SessionUser } from "~/features/session/session-user";
import type { AuthorityEnvironment } from "~/features/security-header/authority-environment";
import type { AuthorityCertificateSummary } from "~/features/certificate-renewal/authority-certificates";
import type { HeaderCheckCertificate, HeaderCheckOutcome, HeaderCheckRefusal, SandboxKeySummary } from "~/features/security-header/header-check";
import type { SandboxKeysContext } from "~/features/security-header/sandbox-api-keys";
import type { InlineSources } from "~/render/inline-hash";

/** What the Node server hands to every loader and to the server entry. */
export interface AreaOELoadContext {
  lang: Language;
  /**
   * This request's id (its X-Request-Id, server/observability/request-id.ts): the server entry shows it
   * on an error answer (400 or more) only, never on a page the page cache may store.
   */
  requestId?: string;
  /** This response's CSP nonce (pages with islands, signed-in pages, error and busy pages use it). */
  cspNonce: string;
  /**
   * Called by the server entry when the answer is a static document: an anonymous page of text (no
   * islands, 200) whose bytes carry no nonce, so that every visitor may get the same bytes. The server
   * then allows its inline scripts and styles by these hashes instead of the nonce, and drops the
   * headers such a page does not need (server/http/security-headers.ts). Absent: every page uses the nonce.
   */
  onStaticDocument?: (sources: InlineSources) => void;
  /**
   * Drops Cross-Origin-Opener-Policy from this answer: an anonymous page where no credential is entered
   * (docs/decisions/0004, server/http/security-headers.ts). Absent: the answer keeps it.
   */
  withoutOpenerPolicy?: () => void;
  publicConfig: PublicConfig;
  /** The islands' build: each island's files and the loader to inline (absent in development). */
  islandAssets?: IslandAssets;
  /** A stylesheet of the client build by its URL, as bytes, to inline in pages (undefined in development). */
  stylesheet: (href: string) => Buffer | undefined;
  /** The origin the visitor sees (scheme and host), for absolute links such as hreflang alternates. */
  origin: string;
  /** The signed-in visitor from the encrypted session cookie, or null. */
  session: SessionUser | null;
  /**
   * True when the request carries a session cookie that could not be checked now (the state the
   * instances share does not answer): the page is shown signed out, and its header says why.
   */
  sessionUnchecked?: boolean;
  /** False when no identity provider is configured and the demo provider is off. */
  signInEnabled: boolean;
  /** True when sign-in goes to the embedded demo provider (local use only): the sign-in links say so. */
  signInDemo: boolean;
  /** The authority certificates for the security header (public material), with warnings as of `now`. */
  securityHeaderEnvironments: (now?: Date) => AuthorityEnvironment[];
  /** The same certificates as data (the web services page's table and GET /api/authority-certificates). */
  authorityCertificates: (now?: Date) => AuthorityCertificateSummary[];
  /** The header checker: the local TEST certificate, and a check of a pasted request against its key. */
  securityHeaderSandbox: {
    certificate: HeaderCheckCertificate;
    /** The sandbox's retired, current and next keys, with their status now. */
    keys: () => SandboxKeySummary[];
    /** False when the runtime failed the start-time implicit-rejection probe: `check` must not be called. */
    enabled: boolean;
    /** The checker page's quota was spent before this post (the server let it through to say so on the page), or null. */
    refusal: () => HeaderCheckRefusal | null;
    /**
     * The sandbox's current key as a target of the generation form (public material), so that the form
     * can make a header this checker accepts; null while the checker is off.
     */
    formTarget: () => AuthorityEnvironment | null;
    /**
     * Checks with a trace id (the request log keeps the decoded trace for 24 hours), in the server's
     * verification pool, in the checker page's own lane; when the pool has no turn for it, the refusal.
     */
    check: (xml: string, password?: string) => Promise<HeaderCheckOutcome | { refused: HeaderCheckRefusal }>;
  };
  /** The signed-in visitor's own sandbox keys (absent when sign-in is off). */
  sandboxKeys?: SandboxKeysContext;
}

/** The portal's per-request values in React Router's context (future.v8_middleware). */
const areaOEContext = createContext<AreaOELoadContext>();

/** The portal's per-request values, in a loader, an action or the server entry. */
export function portalContext(context: Readonly<RouterContextProvider>): AreaOELoadContext {
  return context.get(areaOEContext);
}

/** What the Node server hands to React Router for one request: a context provider holding the values. */
export function createLoadContext(values: AreaOELoadContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(areaOEContext, values);
  return provider;
}
