/**
 * A page that failed to draw (a bug, or its code chunk could not be fetched after a
 * deploy) says so and offers a reload, instead of leaving the whole app blank.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  readonly error: Error | null;
}

/**
 * @example <PageErrorBoundary key={pathname}><Page /></PageErrorBoundary>
 */
export class PageErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The page failed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="alert" role="alert">
        <p>This page could not be shown.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
