import { TIMINGS } from '../../../shared/constants.js';

export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadTimeoutError';
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
    const timer = setTimeout(
      () =>
        reject(new ChunkLoadTimeoutError(`Loading a part of the page took over ${timeoutMs} ms.`)),
      timeoutMs,
    );
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
