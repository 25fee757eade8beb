import type { AnchorHTMLAttributes, ReactNode } from "react";
import { isUnderBasePath } from "~/config/paths";
import { ExternalLinkHint } from "./external-link-hint";
import { InsideLinkContext } from "./inside-link";
import { keepLanguage, useKeptLanguage } from "./kept-language";

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  /** In-app links open in the same tab; others open in a new tab. */
  inApp?: boolean;
  children: ReactNode;
}

export function isInAppHref(href: string): boolean {
  return isUnderBasePath(href) || href.startsWith("#");
}

/**
 * A link: in-app (under the base path, or an anchor) in the same tab, any other in a new tab with the
 * hint that says so. A plain `<a>` on every page (React Router renders on the server only), so it is the
 * same in an island.
 */
export function SmartLink({ href: given, inApp, children: content, ...rest }: SmartLinkProps) {
  const children = <InsideLinkContext value>{content}</InsideLinkContext>;
  const internal = inApp ?? isInAppHref(given);
  // A page of the portal keeps the language chosen by the address (./kept-language.ts).
  const kept = useKeptLanguage();
  const href = internal ? keepLanguage(given, kept) : given;
  if (internal) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <ExternalLinkHint />
    </a>
  );
}
