import type { EntityManager } from '@mikro-orm/postgresql';
import { INVENTORY_IMPORT_MESSAGES } from '../../../../shared/inventory-import.js';
import { withPooledClient } from '../../db/pooled-client.js';
import { query, type StatementRunner, sql } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { refreshCompliance } from '../assembly-compliance/service.js';
import { type AuditEntryRow, auditEntriesInsert } from '../audit/queries.js';
import type { Actor } from '../audit/service.js';
import { assemblyRowSnapshot, assemblySnapshot } from '../inventory/service.js';
import type { RecordedEvent } from '../webhooks/events.js';
import { assemblyChanged, locationChanged } from '../webhooks/payloads.js';
import { webhookEventsInsert } from '../webhooks/queries.js';
import { entryAfter } from './plan-rows.js';
import {
  type Db,
  type EntryRow,
  entriesAfter,
  type ImportRow,
  importForUpdate,
  insertAssemblies,
  insertLocations,
  inventoryFingerprint,
  ListText,
  listOf,
  lockOrganization,
  rememberMapping,
  removeAssemblies,
  setImportApplied,
  updateAssemblies,
  updateLocations,
} from './queries.js';

// A plan applied in one transaction: new and changed locations, then assemblies, then the
// missing ones removed when asked, each batch one statement with its audit entries (the rows
// recordAudit writes) and its webhook events (those of the console's own changes); then the
// organization's compliance statuses decided again.

const BATCH = 1_000;

const AUDIT_ENTRIES = sql<{ auditRows: ListText }>(
  'inventory-import-audit',
  auditEntriesInsert.text,
);
const WEBHOOK_EVENTS = sql<{ webhookEvents: ListText }>(
  'inventory-import-webhook-events',
  webhookEventsInsert.text,
);

/** An audit entry of the apply, as its JSON text (auditText). */
function audited(
  actor: Actor,
  organizationId: number,
  change: Pick<AuditEntryRow, 'action' | 'entityType' | 'entityId' | 'before' | 'after'>,
): string {
  const { access } = actor;
  return auditText({
    staffId: actor.id,
    staffEmail: actor.email,
    staffRole: access?.role ?? null,
    organizationId,
    ...change,
  });
}

/**
 * An audit entry's and a webhook event's JSON text, as their statements' lists hold them: a
 * batch keeps its entries' and events' text, not their objects (see planBatch in plan-rows.ts).
 */
const auditText = (row: AuditEntryRow) => auditEntriesInsert.values([row]).auditRows.slice(1, -1);
const eventText = (event: RecordedEvent) =>
  webhookEventsInsert.values([event]).webhookEvents.slice(1, -1);

/**
 * A batch's audit entries and webhook events (their texts), a statement each: their lists'
 * texts are held by their ListText alone (queries.ts).
 */
async function record(tx: StatementRunner, audit: string[], events: string[]) {
  if (audit.length > 0) {
    await query(tx, AUDIT_ENTRIES, { auditRows: new ListText(listOf(audit)) });
  }
  if (events.length > 0) {
    await query(tx, WEBHOOK_EVENTS, { webhookEvents: new ListText(listOf(events)) });
  }
}

/** The rows a batch's entries write (the tables' columns). */
const rowsOf = (entries: EntryRow[]) => entries.map((entry) => entry.fields ?? {});

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

/** The audit entries and webhook events of a batch of new locations. */
function createdLocations(
  actor: Actor,
  organizationId: number,
  entries: EntryRow[],
  inserted: { id: number; account_number: string }[],
): [string[], string[]] {
  const byAccount = new Map(entries.map((entry) => [entry.key.toLowerCase(), entry]));
  const audit: string[] = [];
  const events: string[] = [];
  for (const location of inserted) {
    const entry = byAccount.get(location.account_number.toLowerCase());
    audit.push(
      audited(actor, organizationId, {
        action: 'create',
        entityType: 'location',
        entityId: String(location.id),
        before: null,
        after: entry ? entryAfter(entry) : null,
      }),
    );
    events.push(
      eventText(
        locationChanged('created', {
          id: location.id,
          organization_id: organizationId,
          account_number: location.account_number,
        }),
      ),
    );
  }
  return [audit, events];
}

async function applyLocations(tx: StatementRunner, actor: Actor, plan: ImportRow) {
  const organizationId = plan.organization_id;
  await eachBatch(tx, plan.id, 'new', 'location', async (entries) => {
    const inserted = await insertLocations(tx, { organizationId, rows: rowsOf(entries) });
    await record(tx, ...createdLocations(actor, organizationId, entries, inserted));
  });
  await eachBatch(tx, plan.id, 'changed', 'location', async (entries) => {
    await updateLocations(tx, { rows: rowsOf(entries) });
    await record(tx, ...changedLocations(actor, organizationId, entries));
  });
}

/** The audit entries and webhook events of a batch of changed locations. */
function changedLocations(
  actor: Actor,
  organizationId: number,
  entries: EntryRow[],
): [string[], string[]] {
  return [
    entries.map((entry) =>
      audited(actor, organizationId, {
        action: 'update',
        entityType: 'location',
        entityId: String(entry.target_id),
        before: entry.before,
        after: entryAfter(entry),
      }),
    ),
    entries.map((entry) =>
      eventText(
        locationChanged('updated', {
          id: entry.target_id ?? 0,
          organization_id: organizationId,
          account_number: String(entry.fields?.account_number ?? entry.key),
        }),
      ),
    ),
  ];
}

async function applyAssemblies(tx: StatementRunner, actor: Actor, plan: ImportRow) {
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
  /** The audit entries and webhook events of a batch of new assemblies. */
  const created = (
    entries: EntryRow[],
    inserted: { id: number; assembly_id: string; location_id: number }[],
  ): [string[], string[]] => {
    const byId = new Map(entries.map((entry) => [entry.key.toLowerCase(), entry]));
    const audit: string[] = [];
    const events: string[] = [];
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
        audited(actor, organizationId, {
          action: 'create',
          entityType: 'assembly',
          entityId: String(assembly.id),
          before: null,
          after,
        }),
      );
      events.push(
        eventText(assemblyChanged('created', facts(entry, assembly.id, assembly.location_id))),
      );
    }
    return [audit, events];
  };
  /** The audit entries and webhook events of a batch of changed assemblies. */
  const changed = (
    entries: EntryRow[],
    updated: { id: number; location_id: number }[],
  ): [string[], string[]] => {
    const locationOf = new Map(updated.map((row) => [row.id, row.location_id]));
    return [
      entries.map((entry) =>
        audited(actor, organizationId, {
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
        eventText(
          assemblyChanged(
            'updated',
            facts(entry, entry.target_id ?? 0, locationOf.get(entry.target_id ?? 0) ?? 0),
          ),
        ),
      ),
    ];
  };
  await eachBatch(tx, plan.id, 'new', 'assembly', async (entries) => {
    const inserted = await insertAssemblies(tx, { organizationId, rows: rowsOf(entries) });
    await record(tx, ...created(entries, inserted));
  });
  await eachBatch(tx, plan.id, 'changed', 'assembly', async (entries) => {
    const updated = await updateAssemblies(tx, { organizationId, rows: rowsOf(entries) });
    await record(tx, ...changed(entries, updated));
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
        return audited(actor, organizationId, {
          action: 'update',
          entityType: 'assembly',
          entityId: String(row.id),
          before: { ...after, status: 'active' },
          after,
        });
      }),
      removed.map((row) =>
        eventText(
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
      // Each assembly's compliance status from what it now holds, with its history and event.
      if (recordsWritten(plan) > 0) {
        await refreshCompliance(tx, { organizationId: plan.organization_id, reason: 'imported' });
      }
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
