import type { SessionUser } from "./session-user";
import type { CustomsRole } from "./customs-roles";
import { returnToFromUrl, signInHref } from "./return-to";

export interface SignedInUser {
  nif: string;
  name: string;
}

/** The outcome of the customs-profile guard for a page that needs one of the five profiles. */
export type CustomsAccess =
  | { status: "sign-in-disabled" }
  | { status: "signed-out"; signInHref: string }
  | { status: "denied"; user: SignedInUser }
  | { status: "allowed"; user: SignedInUser; profiles: CustomsRole[] };

/**
 * For loaders of pages that need a customs profile. An anonymous visitor gets `signed-out` with the
 * sign-in address that comes back to this very URL (render <SignInRequired>: the page first says why
 * sign-in is needed); a signed-in visitor without any profile gets `denied` (render
 * <PermissionDenied>). When sign-in is not configured there is nothing to sign in to, so the page says so.
 */
export function requireCustomsProfile({
  url,
  signInEnabled,
  session,
}: {
  url: URL;
  signInEnabled: boolean;
  session: SessionUser | null;
}): CustomsAccess {
  if (!signInEnabled) return { status: "sign-in-disabled" };
  if (!session) return { status: "signed-out", signInHref: signInHref(returnToFromUrl(url)) };
  const user = { nif: session.nif, name: session.name };
  if (session.roles.length === 0) return { status: "denied", user };
  return { status: "allowed", user, profiles: session.roles };
}
