import { Component, type ErrorInfo, type ReactNode } from "react";
import { TextsContext, type TextSource } from "~/i18n/texts-context";
import { KeptLanguageContext } from "~/components/ui/link/kept-language";
import { ErrorScreen } from "~/features/errors/error-screen";
import { reportError } from "~/features/errors/error-reporting";

/**
 * What wraps every island, the same on the server and in the browser (so hydration matches): its texts,
 * the language its links keep (the page's `?lang=`) and its own error boundary. A render failure shows the SPEC's error screen with Retry in the island's
 * place only (the rest of the page is server HTML and stays); Retry renders the widget afresh.
 */
export function IslandFrame({ texts, kept, children }: { texts: TextSource; kept?: string | undefined; children: ReactNode }) {
  return (
    <TextsContext value={texts}>
      <KeptLanguageContext value={kept}>
        <IslandErrorBoundary>{children}</IslandErrorBoundary>
      </KeptLanguageContext>
    </TextsContext>
  );
}

interface BoundaryState {
  failed: boolean;
  attempt: number;
}

export class IslandErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, info.componentStack);
  }

  retry = (): void => {
    this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.failed) return <ErrorScreen onRetry={this.retry} />;
    return <Attempt key={this.state.attempt}>{this.props.children}</Attempt>;
  }
}

function Attempt({ children }: { children: ReactNode }) {
  return children;
}
