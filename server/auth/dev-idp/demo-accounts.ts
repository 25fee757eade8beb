import { timingSafeEqual } from "node:crypto";
import type { CustomsRole } from "../../../app/server-surface";

/**
 * FICTITIOUS demo accounts of the embedded development identity provider (local use only). The
 * tax numbers have a valid check digit but belong to no one; the passwords are documented in docs/sign-in.md.
 */
export interface DemoAccount {
  nif: string;
  /**
   * A person's name, the same in every language (the ID token's `name`, shown by the portal whatever
   * the visitor's language): what each account can do is its profiles, which the pages word themselves.
   */
  name: string;
  password: string;
  roles: CustomsRole[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    nif: "555555550",
    name: "Ana Demo",
    password: "demo-todos",
    roles: ["ROLE_DAV", "ROLE_DUE", "ROLE_DUI", "ROLE_SDS", "ROLE_TRS"],
  },
  { nif: "555555569", name: "Bruno Demo", password: "demo-alguns", roles: ["ROLE_DUI", "ROLE_SDS"] },
  { nif: "555555577", name: "Carla Demo", password: "demo-nenhum", roles: [] },
];

export function findDemoAccount(nif: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.nif === nif);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The account for these credentials, or undefined (same answer for an unknown NIF or a wrong password). */
export function checkDemoCredentials(nif: string, password: string): DemoAccount | undefined {
  const account = findDemoAccount(nif.trim());
  return account && sameText(account.password, password) ? account : undefined;
}
