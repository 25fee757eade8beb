/**
 * The conditions of the simplified export certificate, the proof of the VAT exemption of exports
 * (Código do IVA, article 14(1)(a)) that IVAExp issues for low-value consignments: article 29(8) of the
 * Código do IVA as amended by Decreto-Lei 49/2025, and Portaria 262/2025/1 (in force 1 July 2025).
 */

/** IVAExp covers postal and express consignments worth at most this many euros (Portaria 262/2025/1). */
export const IVA_EXP_LIMIT_EUR = 1000;
/** Cents: the value is typed in euros with at most 2 decimals. */
export const IVA_EXP_PRECISION = 2;
/** Bounds of the value field: no negatives, at most 2 decimals. */
export const IVA_EXP_BOUNDS = { min: 0, precision: IVA_EXP_PRECISION } as const;
/** Goods subject to excise duties are covered only from this day (Portaria 262/2025/1). */
export const IVA_EXP_EXCISE_FROM = "2027-07-01";

/** Is a consignment value within the IVAExp limit? Exactly 1,000.00 euros is within. */
export function isWithinIvaExpLimit(valueEur: number): boolean {
  return valueEur <= IVA_EXP_LIMIT_EUR;
}

/** May a consignment with excise goods use the certificate on this day (UTC calendar day)? */
export function exciseGoodsCovered(today: Date): boolean {
  return today.toISOString().slice(0, 10) >= IVA_EXP_EXCISE_FROM;
}
