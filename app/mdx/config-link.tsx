import type { ReactNode } from "react";
import { SmartLink } from "~/components/ui/link/smart-link";
import type { PublicLinkName } from "~/config/public-config";
import { useAppConfig } from "~/config/use-root-data";

/**
 * A link whose address comes from the startup configuration, so content files never hard-code an
 * external address: `<ConfigLink name="gue">GUE</ConfigLink>`.
 */
export function ConfigLink({ name, children }: { name: PublicLinkName; children: ReactNode }) {
  const config = useAppConfig();
  const href = config?.links[name];
  if (!href) return <>{children}</>;
  return <SmartLink href={href}>{children}</SmartLink>;
}
