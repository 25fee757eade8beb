import { createContext, useContext } from "react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The id of the request a document answered (its X-Request-Id, server/observability/request-id.ts),
 * shown on the error screens React Router renders (the unavailable screen of a 404, the screen of an
 * unexpected failure) for the visitor to quote. The server entry provides it for an answer of 400 or
 * more only: a page the page cache may store (200) never carries a visitor's id.
 */
export const RequestReferenceContext = createContext<string | undefined>(undefined);

/** "If you contact us about this error, quote this reference: <id>", when there is one. */
export function RequestReference({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const id = useContext(RequestReferenceContext);
  if (id === undefined) return null;
  return (
    <p className={className}>
      {t("requestReference")} <code>{id}</code>
    </p>
  );
}
