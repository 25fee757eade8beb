import { createContext, createElement, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from "react";
import { isUnderBasePath, toRouterPath } from "~/config/paths";
import { ExternalLinkHint } from "./external-link-hint";
import { InsideLinkContext } from "./inside-link";
import { keepLanguage, useKeptLanguage } from "./kept-language";

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  /** In-app links are router links in the same tab; others open in a new tab. */
  inApp?: boolean;
  children: ReactNode;
}

/**
 * The router's link, provided by the root (app/root.tsx) on pages React Router renders and hydrates. An
 * island (app/islands/island.tsx) has no router: there, and wherever nothing provides it, an in-app link
 * is a plain `<a>` (a full page load). Keeping `react-router` out of this module keeps it out of the
 * islands' chunks.
 */
export const RouterLinkContext = createContext<ComponentType<{ to: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">> | null>(null);

export function isInAppHref(href: string): boolean {
  return isUnderBasePath(href) || href.startsWith("#");
}

export function SmartLink({ href: given, inApp, children: content, ...rest }: SmartLinkProps) {
  const children = <InsideLinkContext value>{content}</InsideLinkContext>;
  const Link = useContext(RouterLinkContext);
  const internal = inApp ?? isInAppHref(given);
  // A page of the portal keeps the language chosen by the address (./kept-language.ts).
  const kept = useKeptLanguage();
  const href = internal ? keepLanguage(given, kept) : given;
  if (internal) {
    if (href.startsWith("#")) {
      return (
        <a href={href} {...rest}>
          {children}
        </a>
      );
    }
    if (!Link) {
      return (
        <a href={href} {...rest}>
          {children}
        </a>
      );
    }
    return createElement(Link, { to: toRouterPath(href), ...rest, children });
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <ExternalLinkHint />
    </a>
  );
}
