import { createContext, useContext } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The id of the request a document answered (its X-Request-Id, server/observability/request-id.ts),
 * shown on the error screens React Router renders (the unavailable screen of a 404, the screen of an
 * unexpected failure) for the visitor to quote. The server entry provides it for an answer of 400 or
 * more only: a page the page cache may store (200) never carries a visitor's id. The browser reads the
 * same id back from the document before hydrating (readRequestReference), so the first render matches;
 * `shownAt` then remembers the location it belongs to: after any navigation (Retry included) the screen
 * is another request's, whose id the browser does not know, and the reference goes.
 */
export interface RequestReferenceHolder {
  id: string;
  /** The location the id was first shown at (set by the first render that reads it). */
  shownAt?: unknown;
}

export const RequestReferenceContext = createContext<RequestReferenceHolder | undefined>(undefined);

/** The attribute that carries the id in the document, for the browser to read before hydrating. */
const REQUEST_REFERENCE_ATTRIBUTE = "data-request-reference";

/** The id of the document's answer as the server wrote it on its error screen, if it did. */
export function readRequestReference(document: Pick<ParentNode, "querySelector">): RequestReferenceHolder | undefined {
  const id = document.querySelector(`[${REQUEST_REFERENCE_ATTRIBUTE}]`)?.getAttribute(REQUEST_REFERENCE_ATTRIBUTE);
  return id ? { id } : undefined;
}

/** The reference of the answer being shown, or undefined (none given, or the visitor has navigated since). */
function useRequestReference(): string | undefined {
  const holder = useContext(RequestReferenceContext);
  const location = useLocation();
  if (!holder) return undefined;
  holder.shownAt ??= location;
  return holder.shownAt === location ? holder.id : undefined;
}

/** "If you contact us about this error, quote this reference: <id>", when there is one. */
export function RequestReference({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const id = useRequestReference();
  if (id === undefined) return null;
  return (
    <p className={className} {...{ [REQUEST_REFERENCE_ATTRIBUTE]: id }}>
      {t("requestReference")} <code>{id}</code>
    </p>
  );
}
