/** The five customs profiles a visitor may hold, in the order the specification lists them. */
export const CUSTOMS_ROLES = ["ROLE_DAV", "ROLE_DUE", "ROLE_DUI", "ROLE_SDS", "ROLE_TRS"] as const;

export type CustomsRole = (typeof CUSTOMS_ROLES)[number];

/** The claim of the identity provider's ID token that carries the profiles. */
export const CUSTOMS_ROLES_CLAIM = "customs_roles";

export function isCustomsRole(value: unknown): value is CustomsRole {
  return typeof value === "string" && (CUSTOMS_ROLES as readonly string[]).includes(value);
}

/**
 * The customs profiles held in a claim value: an array of strings or one space-separated string.
 * Unknown roles are ignored (never shown); the result is deduplicated and in the canonical order.
 */
export function customsRolesFromClaim(claim: unknown): CustomsRole[] {
  const values = typeof claim === "string" ? claim.split(/\s+/) : Array.isArray(claim) ? claim : [];
  const held = new Set(values.filter(isCustomsRole));
  return CUSTOMS_ROLES.filter((role) => held.has(role));
}
