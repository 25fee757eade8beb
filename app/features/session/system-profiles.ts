import { pageHref } from "~/config/site-map";
import type { CustomsRole } from "./customs-roles";
import type { SubKey } from "~/i18n/text-keys";

/**
 * Which customs profile each customs system the portal describes needs.
 *
 * MUST BE CONFIRMED WITH THE AUTHORITY. Only mappings that follow directly from the role
 * descriptions are stated; every other system has `profile: null` and is shown as "not stated":
 * - ROLE_SDS "summary declarations system": SDS air and sea, ICS (entry summary declarations) and
 *   ECSDSS (exit summary declarations).
 * - ROLE_DUI "electronic import declaration": STADA Import RBV and DAIN.
 * - ROLE_DUE "electronic export declaration": STADA Export CAU and STADA Export.
 * - ROLE_TRS "transit": STADA Transit CAU.
 * - ROLE_DAV "vehicle customs declaration": SFA2 (vehicle taxation).
 * Not stated: SICEU and SICEX (excise duties, no excise profile among the five) and SiMTeM (means of
 * transport and goods: no description covers it).
 */
export interface SystemProfile {
  /** Key of `session:systems.names` (typed: a system without its name fails the typecheck). */
  id: SubKey<"session", "systems.names">;
  profile: CustomsRole | null;
  /** The system's page, if the portal has one. */
  href?: string;
}

export const SYSTEM_PROFILES: readonly SystemProfile[] = [
  { id: "sds-air-sea", profile: "ROLE_SDS" },
  { id: "ics", profile: "ROLE_SDS" },
  { id: "ecsdss", profile: "ROLE_SDS", href: pageHref("export-dss-cau") },
  { id: "siceu", profile: null, href: pageHref("excise-siceu") },
  { id: "sicex", profile: null, href: pageHref("excise-sicex") },
  { id: "simtem", profile: null, href: pageHref("transport") },
  { id: "sfa2", profile: "ROLE_DAV", href: pageHref("vehicle-tax") },
  { id: "stada-import", profile: "ROLE_DUI", href: pageHref("import") },
  { id: "stada-export-cau", profile: "ROLE_DUE", href: pageHref("export-stada-cau") },
  { id: "stada-export", profile: "ROLE_DUE", href: pageHref("export") },
  { id: "stada-transit-cau", profile: "ROLE_TRS", href: pageHref("transit-stada-cau") },
];

export type SystemAccess = "yes" | "no" | "unknown";

/** Whether a visitor holding `roles` can use the system: unknown when no profile is stated. */
export function systemAccess(system: SystemProfile, roles: readonly CustomsRole[]): SystemAccess {
  if (!system.profile) return "unknown";
  return roles.includes(system.profile) ? "yes" : "no";
}
