import { ACCOUNT_PATH } from '../../../../shared/site-routes.js';
import { canKeep } from './field-store.js';
import { keepInventory, refreshRecord } from './field-sync.js';
import { sendWaiting } from './outbox.js';

// What My registrations and the test form do on every visit with a connection: register the
// test form's service worker (its scope My registrations and the test form only), keep the
// person's record and inventory on the phone, and send the reports waiting.

/** The worker's script, at the site's root, and its scope: My registrations' pages alone. */
const WORKER = '/field-sw.js';
const SCOPE = ACCOUNT_PATH;

export type TKeepState = 'kept' | 'nothing' | 'failed';

/** Registers the worker and waits (at most `waitMs`) until it controls this page. */
async function workerInControl(waitMs = 15_000): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const container = navigator.serviceWorker;
  await container.register(WORKER, { scope: SCOPE });
  await container.ready;
  if (container.controller) return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    container.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}

let visit: Promise<TKeepState> | undefined;

/**
 * Keeps the test form for use without signal, once per page load: the worker installed (the
 * form's code kept), the record and the inventory kept, the waiting reports sent.
 */
export function keepForTheField(): Promise<TKeepState> {
  visit ??= (async (): Promise<TKeepState> => {
    if (!canKeep()) return 'failed';
    const worker = workerInControl().catch(() => false);
    const refreshed = await refreshRecord();
    if (refreshed.kind !== 'kept') return 'failed';
    const { record } = refreshed;
    await sendWaiting(record.person.id);
    const [kept, inControl] = await Promise.all([keepInventory(record), worker]);
    if (!kept || !inControl) return 'failed';
    return record.organizations.length > 0 ? 'kept' : 'nothing';
  })();
  return visit;
}
