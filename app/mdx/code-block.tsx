import type { HTMLAttributes } from "react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Code blocks in content files. A long line makes the block scroll sideways, so it must be reachable
 * by keyboard (WCAG 2.1.1): it is a focusable, labelled region.
 */
export function CodeBlock({ children, ...rest }: HTMLAttributes<HTMLPreElement>) {
  const { t } = useTranslation("content");
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable region, see above
    <pre {...rest} tabIndex={0} role="region" aria-label={t("codeExample")}>
      {children}
    </pre>
  );
}
