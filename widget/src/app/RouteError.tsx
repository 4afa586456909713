import { Component, type ReactNode } from 'react';
import { SupportLink } from './screens.js';

interface TProps {
  /** Changes with the address, so moving elsewhere leaves the error screen. */
  resetKey: string;
  children: ReactNode;
}

/**
 * The router's fallback screen: a lazily loaded part that failed to load (or took over
 * 120000 ms), or any other error while rendering a page.
 */
export class RouteErrorBoundary extends Component<TProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: TProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="page">
        <h1>Unexpected Application Error!</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <p>Please reload the page to try again.</p>
        <SupportLink />
      </main>
    );
  }
}
