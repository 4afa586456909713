import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { messageOf } from './api';

export type NotifiedRun = (call: () => Promise<unknown>, done: string) => Promise<void>;

/**
 * Runs a change: says `done` on success and reloads what the screen shows, or shows the server's
 * message; `busy` while it runs.
 */
export function useNotifiedRun(): { run: NotifiedRun; busy: boolean } {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run: NotifiedRun = async (call, done) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
