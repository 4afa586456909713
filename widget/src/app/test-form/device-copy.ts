import { canKeep, DATABASE, fieldStore, keptRecord, STORES } from './field-store.js';
import { inventoryKeeping, onInventoryKeeping } from './field-sync.js';
import { forgetAwaitingLink } from './return-link.js';

// The test form's copy on this device as My registrations asks about it, the one module of the
// test form its pages fetch (so the test form's own first screen stays whole, in the chunks it
// shares with them): kept on every visit with a connection (FieldLink), whether someone's copy
// is kept (AccountUnreachable), whether a returned report's link waits for this sign-in
// (AccountRoute), and what happens at sign-out (SignedIn).
//
// Signing out on a phone that others may use next: what the test form keeps on the device (the
// organizations, their assemblies, the certifications and kits, the reports in progress,
// waiting, filed or returned) leaves with the person. The page cannot tell from a session that
// has ended whose copy is whose, so all of it goes; the reports still waiting to be sent are
// counted first, so no one loses one without being told (SignOutWarning.tsx).

export { keepForTheField, type TKeepState } from './keep-offline.js';
export { linkAwaitsSignIn } from './return-link.js';

/** Whether the test form keeps anything on this device (asked without making its store). */
async function storeExists(): Promise<boolean> {
  if (!canKeep()) return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === DATABASE);
}

/** Whether someone's record is kept on this device (the test form opens without signal). */
export async function keepsRecord(): Promise<boolean> {
  return (await storeExists()) && (await keptRecord()) !== null;
}

/** How many finished reports on this device, anyone's, wait to be sent. */
export async function waitingOnDevice(): Promise<number> {
  if (!(await storeExists())) return 0;
  const reports = await (await fieldStore()).getAll('reports');
  return reports.filter((report) => report.state === 'waiting').length;
}

/** Forgets everything the test form keeps on this device, in one transaction. */
async function forgetEverything(): Promise<void> {
  if (!(await storeExists())) return;
  const tx = (await fieldStore()).transaction(STORES, 'readwrite');
  await Promise.all([...STORES.map((store) => tx.objectStore(store).clear()), tx.done]);
}

/** How long a page of the inventory in flight when the session ended may take to land. */
const SETTLE_MS = 10_000;

/** The inventory being kept now has stopped (its next call finds the session over). */
function keepingStopped(): Promise<void> {
  if (!inventoryKeeping()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, SETTLE_MS);
    const stop = onInventoryKeeping((keeping) => {
      if (!keeping) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** Forgets the test form's copy on this device, after any page of it still arriving. */
export async function forgetDeviceCopy(): Promise<void> {
  forgetAwaitingLink();
  await forgetEverything();
  if (!inventoryKeeping()) return;
  await keepingStopped();
  await forgetEverything();
}
