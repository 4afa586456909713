import { CODES } from '../../../../shared/codes.js';
import type {
  TFieldAssemblyRow,
  TFieldLocationRow,
  TFieldPage,
  TFieldRecord,
} from '../../../../shared/test-report-field.js';
import { apiGet } from '../api.js';
import { keepPage, keepRecord, keptPosition, type TStream } from './field-store.js';

// Keeping the phone's record current while there is a connection: the person's field record,
// then each organization's locations and assemblies from where they were kept up to (only what
// changed since, after the first time). Many callers share one run.

const FIELD_API = '/api/account/field';

export type TRecordRefresh =
  | { kind: 'kept'; record: TFieldRecord }
  | { kind: 'signedOut' }
  | { kind: 'unreachable' };

let refreshing: Promise<TRecordRefresh> | undefined;

/** Reads the person's field record from the server and keeps it. */
export function refreshRecord(): Promise<TRecordRefresh> {
  refreshing ??= (async (): Promise<TRecordRefresh> => {
    const answer = await apiGet<TFieldRecord>(FIELD_API);
    if (answer.code === CODES.unauthorized) return { kind: 'signedOut' };
    if (answer.code !== CODES.success || !answer.message) return { kind: 'unreachable' };
    await keepRecord(answer.message);
    return { kind: 'kept', record: answer.message };
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

const listeners = new Set<(keeping: boolean) => void>();
let keeping: Promise<boolean> | undefined;

/** Whether the inventory is being kept now; listeners hear when it starts and ends. */
export const inventoryKeeping = () => keeping !== undefined;
export function onInventoryKeeping(listener: (keeping: boolean) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function keepStream(organizationId: number, stream: TStream): Promise<boolean> {
  let cursor = await keptPosition(organizationId, stream);
  for (;;) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await apiGet<TFieldPage<TFieldAssemblyRow | TFieldLocationRow>>(
      `${FIELD_API}/${organizationId}/${stream}${query}`,
    );
    if (answer.code !== CODES.success || !answer.message) return false;
    const page = answer.message;
    await keepPage(
      organizationId,
      stream,
      page.rows as TFieldAssemblyRow[] | TFieldLocationRow[],
      page.next,
    );
    if (!page.more) return true;
    cursor = page.next ?? undefined;
  }
}

/** Keeps every organization's inventory up to date; true when all of it is kept. */
export function keepInventory(record: TFieldRecord): Promise<boolean> {
  keeping ??= (async () => {
    for (const listener of listeners) listener(true);
    let complete = true;
    for (const organization of record.organizations) {
      // Locations first: an assembly found shows its address.
      for (const stream of ['locations', 'assemblies'] as const) {
        complete = (await keepStream(organization.id, stream)) && complete;
      }
    }
    return complete;
  })().finally(() => {
    keeping = undefined;
    for (const listener of listeners) listener(false);
  });
  return keeping;
}
