// A part of the window that failed to render shows why in its place, with Retry and Dismiss,
// instead of taking the whole window down with it (React unmounts everything above an error
// nobody catches: one bad resource would leave a blank window).
import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorBanner } from "./ErrorBanner";

export interface ErrorBoundaryLabels {
  /** What failed, localized: "The preview could not be shown". */
  title: string;
  retry: string;
  dismiss: string;
  details: string;
}

interface ErrorBoundaryProps {
  labels: ErrorBoundaryLabels;
  /** When it changes (another resource opened, say), a caught error is forgotten. */
  resetKey?: unknown;
  testId?: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
  dismissed: boolean;
  resetKey: unknown;
}

/** Catches what its children throw while rendering, and shows it in their place. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, dismissed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)), dismissed: false };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { error: null, dismissed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // For the developer console; the person sees the banner.
    console.error("a part of the window failed to render", error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null, dismissed: false });
  private readonly dismiss = () => this.setState({ dismissed: true });

  override render() {
    const { error, dismissed } = this.state;
    if (error === null) return this.props.children;
    if (dismissed) return null;
    const { labels, testId } = this.props;
    return (
      <div className="error-boundary" data-testid={testId}>
        <ErrorBanner
          title={labels.title}
          message={error.message}
          detail={error.stack}
          detailsLabel={labels.details}
          retryLabel={labels.retry}
          onRetry={this.retry}
          dismissLabel={labels.dismiss}
          onDismiss={this.dismiss}
        />
      </div>
    );
  }
}
