import { useCallback, useRef, useState } from 'react';
import type { DownloadOptions } from '../providers/httpClient';

export type DownloadOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

/**
 * A report call that can be followed as its file arrives (`received`, null when none runs) and
 * cancelled; a cancelled call is told apart from a failed one.
 */
export function useReportDownload() {
  const [received, setReceived] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);

  const run = useCallback(
    async <T>(
      followed: boolean,
      call: (options: DownloadOptions) => Promise<T>,
    ): Promise<DownloadOutcome<T>> => {
      const controller = new AbortController();
      running.current = controller;
      if (followed) setReceived(0);
      try {
        return {
          kind: 'done',
          value: await call({ signal: controller.signal, onProgress: setReceived }),
        };
      } catch (error) {
        return controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', error };
      } finally {
        running.current = null;
        setReceived(null);
      }
    },
    [],
  );

  const cancel = useCallback(() => running.current?.abort(), []);
  return { received, run, cancel };
}
