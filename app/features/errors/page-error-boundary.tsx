import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ErrorScreen } from "./error-screen";
import { reportError } from "./error-reporting";
import { isChunkLoadError } from "~/lib/chunk-load-error";
import { retryChunkLoad } from "./route-module-loader";

interface PageErrorBoundaryProps {
  /** A change (a navigation) clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  failed: boolean;
  error?: unknown;
  /** Bumped by Retry so the page is mounted afresh rather than reusing broken state. */
  attempt: number;
}

/**
 * Catches a rendering failure of the page content only, so the header, language switcher and side
 * panel around it stay usable. Retry renders the page again, in place, without a reload.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, info.componentStack);
  }

  override componentDidUpdate(previous: PageErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  retry = (): void => {
    // A page whose code could not be downloaded needs the file again, not just a new render.
    if (isChunkLoadError(this.state.error)) {
      void retryChunkLoad(this.state.error);
      return;
    }
    this.setState((state) => ({ failed: false, error: undefined, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.failed) return <ErrorScreen onRetry={this.retry} />;
    return <RenderAttempt key={this.state.attempt}>{this.props.children}</RenderAttempt>;
  }
}

function RenderAttempt({ children }: { children: ReactNode }) {
  return children;
}

/** The page boundary, reset whenever the address changes. */
export function PageBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <PageErrorBoundary resetKey={`${location.pathname}${location.search}`}>{children}</PageErrorBoundary>;
}
