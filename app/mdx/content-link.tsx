import type { AnchorHTMLAttributes } from "react";
import { SmartLink } from "~/components/ui/link/smart-link";

/** Markdown links in content files: /areaOE/… paths become router links, others open a new tab. */
export function ContentLink({ href = "", children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <SmartLink href={href} {...rest}>
      {children}
    </SmartLink>
  );
}
