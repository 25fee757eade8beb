import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { ErrorScreen } from "./error-screen";
import { reportError } from "./error-reporting";
import { isChunkLoadError } from "~/lib/chunk-load-error";
import { retryChunkLoad } from "./route-module-loader";
import { RequestReference } from "./request-reference";

export interface RouteErrorScreenProps {
  error: unknown;
  /** The unavailable screen, for a thrown 404. */
  notFound: ReactNode;
}

/**
 * The root ErrorBoundary's content: loader, server-rendering and page-chunk failures. Retry runs the
 * navigation again in place (loaders and rendering), or re-imports a failed page chunk. Both screens
 * show the answer's request id to quote, when the server gave one (request-reference.tsx).
 */
export function RouteErrorScreen({ error, notFound }: RouteErrorScreenProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const isResponse = isRouteErrorResponse(error);

  useEffect(() => {
    if (!isResponse) reportError(error);
  }, [error, isResponse]);

  if (isResponse && error.status === 404) return <>{notFound}</>;

  const retry = () => {
    if (isChunkLoadError(error)) {
      void retryChunkLoad(error);
      return;
    }
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  };
  return <ErrorScreen onRetry={retry} reference={<RequestReference className="error-screen__reference" />} />;
}
