import { Component, type ReactNode } from 'react';
import { useI18n } from './i18n/use-i18n.js';
import { ChunkLoadTimeoutError } from './lazy.js';
import { SupportLink } from './screens.js';

interface TProps {
  /** Changes with the address, so moving elsewhere leaves the error screen. */
  resetKey: string;
  children: ReactNode;
}

function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useI18n();
  const detail =
    error instanceof ChunkLoadTimeoutError
      ? t('site.chunkTimeout', { ms: error.timeoutMs })
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <main className="page">
      <h1>{t('site.unexpectedError')}</h1>
      <p>{detail}</p>
      <p>{t('site.reloadToRetry')}</p>
      <SupportLink />
    </main>
  );
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
    return error ? <RouteErrorScreen error={error} /> : this.props.children;
  }
}
