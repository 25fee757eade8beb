/** IVAExp covers postal and express consignments worth at most this many euros (SPEC §1, §9). */
export const IVA_EXP_LIMIT_EUR = 1000;
/** Cents: the value is typed in euros with at most 2 decimals. */
export const IVA_EXP_PRECISION = 2;
/** Bounds of the value field: no negatives, at most 2 decimals. */
export const IVA_EXP_BOUNDS = { min: 0, precision: IVA_EXP_PRECISION } as const;

/** Is a consignment value within the IVAExp limit? Exactly 1,000.00 euros is within. */
export function isWithinIvaExpLimit(valueEur: number): boolean {
  return valueEur <= IVA_EXP_LIMIT_EUR;
}
