import type { CustomsRole } from "./customs-roles";

/** The signed-in visitor as the session cookie holds it (never a token or a secret). */
export interface SessionUser {
  /** The visitor's tax number (NIF). */
  nif: string;
  name: string;
  /** Known customs profiles only, in canonical order. */
  roles: CustomsRole[];
}
