import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { appPath } from "~/config/paths";
import { ErrorScreen } from "./error-screen";
import { RequestReference } from "./request-reference";

export interface RouteErrorScreenProps {
  error: unknown;
  /** The unavailable screen, for a thrown 404. */
  notFound: ReactNode;
}

/**
 * The root ErrorBoundary's content, rendered by the server: a loader's or the render's failure. Retry asks
 * for the same address again (a GET form: the server renders the page afresh, with or without script).
 * Both screens show the answer's request id to quote, when the server gave one (request-reference.tsx).
 * The failure itself is in the server's log (app/render/server-log.ts), with that id.
 */
export function RouteErrorScreen({ error, notFound }: RouteErrorScreenProps) {
  const { pathname, search } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <>{notFound}</>;
  // The router's location is below its basename (the base path).
  return <ErrorScreen retryAddress={{ pathname: appPath(pathname), search }} reference={<RequestReference className="error-screen__reference" />} />;
}
