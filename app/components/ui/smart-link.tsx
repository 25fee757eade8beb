import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { ExternalLinkHint } from "./external-link-hint";

const BASE_PATH = "/areaOE";

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  /** In-app links are router links in the same tab; others open in a new tab. */
  inApp?: boolean;
  children: ReactNode;
}

/** Strips the base path so the router (whose basename is /areaOE) can navigate. */
export function toRouterPath(href: string): string {
  if (href === BASE_PATH || href === `${BASE_PATH}/`) return "/";
  return href.startsWith(`${BASE_PATH}/`) ? href.slice(BASE_PATH.length) : href;
}

export function isInAppHref(href: string): boolean {
  return href === BASE_PATH || href.startsWith(`${BASE_PATH}/`) || href.startsWith("#");
}

export function SmartLink({ href, inApp, children, ...rest }: SmartLinkProps) {
  const internal = inApp ?? isInAppHref(href);
  if (internal) {
    if (href.startsWith("#")) {
      return (
        <a href={href} {...rest}>
          {children}
        </a>
      );
    }
    return (
      <Link to={toRouterPath(href)} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <ExternalLinkHint />
    </a>
  );
}
