import type { Language } from "./i18n/languages";
import type { PublicConfig } from "./config/public-config";

/** What the Node server hands to every loader and to the server entry. */
export interface AreaOELoadContext {
  lang: Language;
  cspNonce: string;
  publicConfig: PublicConfig;
  /** The origin the visitor sees (scheme and host), for absolute links such as hreflang alternates. */
  origin: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AreaOELoadContext {}
}
