import { useEffect, useState } from 'react';
import { setProgramTimeZone } from '../../../../shared/program-zone.js';
import type { TFieldRecord } from '../../../../shared/test-report-field.js';
import { keptRecord } from './field-store.js';
import {
  inventoryKeeping,
  onInventoryKeeping,
  refreshRecord,
  type TRecordRefresh,
} from './field-sync.js';
import { keepForTheField } from './keep-offline.js';
import { sendWaiting } from './outbox.js';

// The test form's view of the record: what the phone keeps, at once (with or without signal),
// then what the server answers when there is a connection; whether the page is online; and the
// waiting reports sent by themselves (on `online`, on this visit, and now and then).

/** How often the reports waiting are tried again while the page is open and online. */
const RETRY_MS = 30_000;

export interface TFieldState {
  /** undefined while the phone's store is read; null when nothing is kept. */
  record: TFieldRecord | null | undefined;
  online: boolean;
  /** The session has ended: the reports waiting need the person to sign in again. */
  signedOut: boolean;
  /** The server was asked for the record on this page and answered, or could not be reached. */
  refreshed: boolean;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function useFieldRecord(): TFieldState {
  const [record, setRecord] = useState<TFieldRecord | null | undefined>(undefined);
  const [signedOut, setSignedOut] = useState(false);
  const [refreshed, setRefreshed] = useState(false);
  const online = useOnline();
  const personId = record?.person.id;

  // What the phone keeps, then the server's record whenever the connection is there.
  useEffect(() => {
    let current = true;
    const show = (next: TFieldRecord | null) => {
      if (!current) return;
      if (next) setProgramTimeZone(next.timeZone);
      setRecord((shown) => next ?? shown ?? null);
    };
    keptRecord().then(show, () => show(null));
    if (online) {
      refreshRecord()
        .catch((): TRecordRefresh => ({ kind: 'unreachable' }))
        .then((answer) => {
          if (answer.kind === 'kept') show(answer.record);
          if (!current) return;
          setSignedOut(answer.kind === 'signedOut');
          setRefreshed(true);
        });
      // The worker, the inventory and the reports waiting: kept current on every visit.
      keepForTheField().catch(() => {});
    }
    return () => {
      current = false;
    };
  }, [online]);

  // The reports waiting: sent now, when the connection returns, and every RETRY_MS.
  useEffect(() => {
    if (personId === undefined || !online) return;
    let current = true;
    const send = () =>
      sendWaiting(personId).then(
        (result) => current && setSignedOut(result.signedOut),
        () => {},
      );
    void send();
    const timer = setInterval(send, RETRY_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [personId, online]);

  return { record, online, signedOut, refreshed };
}

/** Whether the organizations' inventory is being kept on the phone now. */
export function useInventoryKeeping(): boolean {
  const [keeping, setKeeping] = useState(inventoryKeeping);
  useEffect(() => onInventoryKeeping(setKeeping), []);
  return keeping;
}
