import { redirectDocument, type AppLoadContext } from "react-router";
import type { CustomsRole } from "./customs-roles";
import { BASE_PATH, returnToFromUrl, signInHref } from "./return-to";

export interface SignedInUser {
  nif: string;
  name: string;
}

/** The outcome of the customs-profile guard for a page that needs one of the five profiles. */
export type CustomsAccess =
  | { status: "sign-in-disabled" }
  | { status: "denied"; user: SignedInUser }
  | { status: "allowed"; user: SignedInUser; profiles: CustomsRole[] };

/**
 * For loaders of pages that need a customs profile. An anonymous visitor is sent to sign in (a
 * document redirect: the sign-in endpoint is not a route) and comes back to this very URL; a
 * signed-in visitor without any profile gets `denied` (render <PermissionDenied>). When sign-in is
 * not configured there is nothing to redirect to, so the page says so instead of looping.
 */
export function requireCustomsProfile({ request, context }: { request: Request; context: AppLoadContext }): CustomsAccess {
  if (!context.signInEnabled) return { status: "sign-in-disabled" };
  const session = context.session;
  // React Router prefixes its basename (/areaOE) to redirects, so hand it the path below it.
  if (!session) throw redirectDocument(signInHref(returnToFromUrl(request.url)).slice(BASE_PATH.length));
  const user = { nif: session.nif, name: session.name };
  if (session.roles.length === 0) return { status: "denied", user };
  return { status: "allowed", user, profiles: session.roles };
}
