import type { Language } from "./i18n/languages";
import type { LocaleChunks } from "./i18n/i18n-head";
import type { PublicConfig } from "./config/public-config";
import type { SessionUser } from "./features/session/session-user";
import type { AuthorityEnvironment } from "./features/security-header/authority-environment";
import type { HeaderCheckCertificate, HeaderCheckOutcome } from "./features/security-header/header-check";

/** What the Node server hands to every loader and to the server entry. */
export interface AreaOELoadContext {
  lang: Language;
  cspNonce: string;
  publicConfig: PublicConfig;
  /** The browser chunks of each texts file, to preload a page's namespaces (absent in development). */
  localeChunks?: LocaleChunks;
  /** The origin the visitor sees (scheme and host), for absolute links such as hreflang alternates. */
  origin: string;
  /** The signed-in visitor from the encrypted session cookie, or null. */
  session: SessionUser | null;
  /** False when no identity provider is configured and the demo provider is off. */
  signInEnabled: boolean;
  /** The authority certificates for the security header (public material), with warnings as of `now`. */
  securityHeaderEnvironments: (now?: Date) => AuthorityEnvironment[];
  /** The header checker: the local TEST certificate, and a check of a pasted request against its key. */
  securityHeaderSandbox: {
    certificate: HeaderCheckCertificate;
    check: (xml: string, password?: string) => HeaderCheckOutcome;
  };
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AreaOELoadContext {}
}
