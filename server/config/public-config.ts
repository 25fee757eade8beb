import { defaultUsefulLinks, type PublicConfig } from "../../app/server-surface";
import type { AppConfig } from "./schema";

/** Only what the browser may see: addresses and link lists, never secrets. */
export function toPublicConfig(config: AppConfig): PublicConfig {
  const base = config.usefulLinks ?? defaultUsefulLinks(config.links);
  return {
    links: { ...config.links },
    usefulLinks: [...base, ...config.extraUsefulLinks],
    errorReporting: { ...config.errorReporting },
    faultInjection: config.faultInjection,
  };
}
