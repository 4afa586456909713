import type { EntityManager } from '@mikro-orm/postgresql';
import { INVENTORY_IMPORT_MESSAGES } from '../../../../shared/inventory-import.js';
import { withPooledClient } from '../../db/pooled-client.js';
import { query, sql } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { type AuditEntryRow, auditEntriesInsert } from '../audit/queries.js';
import type { Actor } from '../audit/service.js';
import { assemblySnapshot } from '../inventory/service.js';
import type { RecordedEvent } from '../webhooks/events.js';
import { assemblyChanged, locationChanged } from '../webhooks/payloads.js';
import { recordWebhookEvents } from '../webhooks/queries.js';
import { assemblyRowSnapshot, entryAfter } from './plan-rows.js';
import {
  type Db,
  type EntryRow,
  entriesAfter,
  type ImportRow,
  importForUpdate,
  insertAssemblies,
  insertLocations,
  inventoryFingerprint,
  lockOrganization,
  rememberMapping,
  removeAssemblies,
  setImportApplied,
  updateAssemblies,
  updateLocations,
} from './queries.js';

// A plan applied in one transaction: new and changed locations, then assemblies, then the
// missing ones removed when asked, each batch one statement with its audit entries (the rows
// recordAudit writes) and its webhook events (those of the console's own changes).

const BATCH = 1_000;

const AUDIT_ENTRIES = sql<{ auditRows: string }>('inventory-import-audit', auditEntriesInsert.text);

function auditRow(
  actor: Actor,
  organizationId: number,
  change: Pick<AuditEntryRow, 'action' | 'entityType' | 'entityId' | 'before' | 'after'>,
): AuditEntryRow {
  const { access } = actor;
  return {
    staffId: actor.id,
    staffEmail: actor.email,
    staffRole: access?.role ?? null,
    organizationId,
    ...change,
  };
}

async function record(tx: Db, audit: AuditEntryRow[], events: RecordedEvent[]) {
  if (audit.length > 0) await query(tx, AUDIT_ENTRIES, auditEntriesInsert.values(audit));
  await recordWebhookEvents(tx, events);
}

/** Each entry of a kind, a batch at a time. */
async function eachBatch(
  tx: Db,
  importId: number,
  kind: 'new' | 'changed' | 'missing',
  entity: 'location' | 'assembly',
  apply: (entries: EntryRow[]) => Promise<void>,
) {
  for (let afterId = 0; ; ) {
    const entries = await entriesAfter(tx, { importId, kind, entity, afterId, limit: BATCH });
    if (entries.length > 0) await apply(entries);
    const last = entries.at(-1);
    if (!last || entries.length < BATCH) return;
    afterId = last.id;
  }
}

const withoutAccount = (snapshot: Record<string, unknown> | null) => {
  const { accountNumber: _shown, ...rest } = snapshot ?? {};
  return rest;
};

async function applyLocations(tx: Db, actor: Actor, plan: ImportRow) {
  const organizationId = plan.organization_id;
  await eachBatch(tx, plan.id, 'new', 'location', async (entries) => {
    const inserted = await insertLocations(tx, {
      organizationId,
      rows: entries.map((entry) => entry.fields ?? {}),
    });
    const byAccount = new Map(entries.map((entry) => [entry.key.toLowerCase(), entry]));
    const audit: AuditEntryRow[] = [];
    const events: RecordedEvent[] = [];
    for (const location of inserted) {
      const entry = byAccount.get(location.account_number.toLowerCase());
      audit.push(
        auditRow(actor, organizationId, {
          action: 'create',
          entityType: 'location',
          entityId: String(location.id),
          before: null,
          after: entry ? entryAfter(entry) : null,
        }),
      );
      events.push(
        locationChanged('created', {
          id: location.id,
          organization_id: organizationId,
          account_number: location.account_number,
        }),
      );
    }
    await record(tx, audit, events);
  });
  await eachBatch(tx, plan.id, 'changed', 'location', async (entries) => {
    await updateLocations(tx, { rows: entries.map((entry) => entry.fields ?? {}) });
    await record(
      tx,
      entries.map((entry) =>
        auditRow(actor, organizationId, {
          action: 'update',
          entityType: 'location',
          entityId: String(entry.target_id),
          before: entry.before,
          after: entryAfter(entry),
        }),
      ),
      entries.map((entry) =>
        locationChanged('updated', {
          id: entry.target_id ?? 0,
          organization_id: organizationId,
          account_number: String(entry.fields?.account_number ?? entry.key),
        }),
      ),
    );
  });
}

async function applyAssemblies(tx: Db, actor: Actor, plan: ImportRow) {
  const organizationId = plan.organization_id;
  const facts = (entry: EntryRow, id: number, locationId: number) => {
    const after = withoutAccount(entryAfter(entry));
    return {
      id,
      organization_id: organizationId,
      location_id: locationId,
      assembly_number: entry.key,
      type: String(after.type ?? entry.fields?.type ?? ''),
      status: String(after.status ?? 'active'),
      next_due_on: (entry.fields?.next_due_on as string | null) ?? null,
    };
  };
  await eachBatch(tx, plan.id, 'new', 'assembly', async (entries) => {
    const inserted = await insertAssemblies(tx, {
      organizationId,
      rows: entries.map((entry) => entry.fields ?? {}),
    });
    const byId = new Map(entries.map((entry) => [entry.key.toLowerCase(), entry]));
    const audit: AuditEntryRow[] = [];
    const events: RecordedEvent[] = [];
    for (const assembly of inserted) {
      const entry = byId.get(assembly.assembly_id.toLowerCase());
      if (!entry) continue;
      const fields = entry.fields ?? {};
      const after = assemblySnapshot({
        locationId: assembly.location_id,
        assemblyId: assembly.assembly_id,
        serial: String(fields.serial ?? ''),
        type: fields.type as never,
        make: String(fields.make ?? ''),
        model: String(fields.model ?? ''),
        sizeInches: (fields.size_inches as number | null) ?? null,
        hazard: fields.hazard as never,
        service: fields.service as never,
        placement: String(fields.placement ?? ''),
        installedOn: (fields.installed_on as string | null) ?? null,
        status: 'active',
        replacedBy: '',
        lastTestedOn: (fields.last_tested_on as string | null) ?? null,
        lastResult: (fields.last_result as never) ?? null,
        nextDueOn: (fields.next_due_on as string | null) ?? null,
      });
      audit.push(
        auditRow(actor, organizationId, {
          action: 'create',
          entityType: 'assembly',
          entityId: String(assembly.id),
          before: null,
          after,
        }),
      );
      events.push(assemblyChanged('created', facts(entry, assembly.id, assembly.location_id)));
    }
    await record(tx, audit, events);
  });
  await eachBatch(tx, plan.id, 'changed', 'assembly', async (entries) => {
    const updated = await updateAssemblies(tx, {
      organizationId,
      rows: entries.map((entry) => entry.fields ?? {}),
    });
    const locationOf = new Map(updated.map((row) => [row.id, row.location_id]));
    await record(
      tx,
      entries.map((entry) =>
        auditRow(actor, organizationId, {
          action: 'update',
          entityType: 'assembly',
          entityId: String(entry.target_id),
          before: withoutAccount(entry.before),
          after: {
            ...withoutAccount(entryAfter(entry)),
            locationId: locationOf.get(entry.target_id ?? 0),
          },
        }),
      ),
      entries.map((entry) =>
        assemblyChanged(
          'updated',
          facts(entry, entry.target_id ?? 0, locationOf.get(entry.target_id ?? 0) ?? 0),
        ),
      ),
    );
  });
  if (!plan.mark_missing_removed) return;
  await eachBatch(tx, plan.id, 'missing', 'assembly', async (entries) => {
    const removed = await removeAssemblies(tx, {
      ids: entries.map((entry) => entry.target_id ?? 0),
    });
    await record(
      tx,
      removed.map((row) => {
        const after = assemblyRowSnapshot(row);
        return auditRow(actor, organizationId, {
          action: 'update',
          entityType: 'assembly',
          entityId: String(row.id),
          before: { ...after, status: 'active' },
          after,
        });
      }),
      removed.map((row) =>
        assemblyChanged('removed', {
          id: row.id,
          organization_id: organizationId,
          location_id: row.location_id,
          assembly_number: row.assembly_id,
          type: row.type,
          status: 'removed',
          next_due_on: row.next_due_on,
        }),
      ),
    );
  });
}

const ANALYZE_INVENTORY = sql('inventory-import-analyze', 'analyze locations, assemblies');

/** How many records a plan writes when applied. */
function recordsWritten(plan: ImportRow): number {
  const summary = plan.summary;
  if (!summary) return 0;
  return (
    summary.newLocations +
    summary.changedLocations +
    summary.newAssemblies +
    summary.changedAssemblies +
    (plan.mark_missing_removed ? summary.missing : 0)
  );
}

/**
 * Applies the import's plan, all of it or nothing: 'stale' (nothing written) when the
 * inventory or the file changed since it was made; else the stored file's key, now unneeded.
 * After a large apply (a batch or more) the inventory's tables are analyzed, once committed:
 * their statistics otherwise still describe the inventory before it, and the statements planned
 * with them (the next plan's lookups among them) keep plans made for a few rows.
 */
export async function applyPlan(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<'stale' | 'file-changed' | { storageKey: string | null }> {
  // On one lent connection: the batches' jsonb lists go as bound values, never as text.
  return withPooledClient(em, async (tx) => {
    let written = 0;
    const outcome = await tx.transaction(async () => {
      const plan = await importForUpdate(tx, { id });
      if (!plan) throw AppError.notFound(INVENTORY_IMPORT_MESSAGES.notFound);
      if (plan.state === 'applied') throw AppError.conflict(INVENTORY_IMPORT_MESSAGES.cannotChange);
      if (plan.state !== 'planned') throw AppError.conflict(INVENTORY_IMPORT_MESSAGES.notPlanned);
      await lockOrganization(tx, { organizationId: plan.organization_id });
      if (plan.planned_sha256 !== plan.file_sha256) return 'file-changed' as const;
      const now = await inventoryFingerprint(tx, { organizationId: plan.organization_id });
      if (now !== plan.inventory_fingerprint) return 'stale' as const;
      await applyLocations(tx, actor, plan);
      await applyAssemblies(tx, actor, plan);
      await setImportApplied(tx, { id });
      await rememberMapping(tx, { organizationId: plan.organization_id, mapping: plan.mapping });
      written = recordsWritten(plan);
      return { storageKey: plan.storage_key };
    });
    // The apply is committed: statistics that cannot be gathered leave it as it is.
    if (written >= BATCH) await query(tx, ANALYZE_INVENTORY, {}).catch(() => undefined);
    return outcome;
  });
}
