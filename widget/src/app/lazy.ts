import { type ComponentType, lazy } from 'react';
import { TIMINGS } from '../../../shared/constants.js';
import { translate } from '../../../shared/i18n/catalogue.js';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages.js';

export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(translate(DEFAULT_LANGUAGE, 'site.chunkTimeout', { ms: timeoutMs }));
  }
}

/**
 * A lazily loaded part that fails, or does not arrive within the spec's 120000 ms, rejects;
 * the router then shows its error screen.
 */
export function loadWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = TIMINGS.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * React.lazy for a screen whose code may already be here: once its module has arrived (the form
 * page's head preloads the wizard, and the form layout imports it) the screen renders in the same
 * pass; before that it suspends into the fallback like any lazy screen. A screen that suspends
 * is held back at least 300 ms after its fallback shows (React's throttle against flicker),
 * which a screen whose code is already here has no reason to pay.
 */
export function lazyScreen<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  let arrived: M | undefined;
  const preload = () =>
    load().then((module) => {
      arrived = module;
      return module;
    });
  // On the server (which renders the organization home) a lazy part is left out, as the browser's
  // first render leaves it out while its code is on its way.
  const Screen =
    typeof window === 'undefined'
      ? ((() => null) as unknown as ComponentType<P>)
      : lazy(() => {
          if (arrived === undefined) {
            return loadWithTimeout(preload).then((module) => ({ default: pick(module) }));
          }
          const ready = { default: pick(arrived) };
          // A thenable that answers at once: React.lazy reads it without suspending.
          // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point here.
          return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as Promise<
            typeof ready
          >;
        });
  return { Screen, preload };
}
