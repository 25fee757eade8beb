import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { isUnderBasePath, toRouterPath } from "~/config/paths";
import { ExternalLinkHint } from "./external-link-hint";
import { InsideLinkContext } from "./inside-link";

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  /** In-app links are router links in the same tab; others open in a new tab. */
  inApp?: boolean;
  children: ReactNode;
}

export function isInAppHref(href: string): boolean {
  return isUnderBasePath(href) || href.startsWith("#");
}

export function SmartLink({ href, inApp, children: content, ...rest }: SmartLinkProps) {
  const children = <InsideLinkContext value>{content}</InsideLinkContext>;
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
