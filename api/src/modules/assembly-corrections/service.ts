import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_CODES } from '../../../../shared/account.js';
import {
  INVENTORY_MESSAGES,
  NAMEPLATE_FIELDS,
  type TNameplate,
} from '../../../../shared/assemblies.js';
import {
  CORRECTION_MESSAGES,
  type TCorrectionDecision,
  type TCorrectionProposal,
  type TCorrectionRecord,
} from '../../../../shared/assembly-corrections.js';
import type { TAssemblyCreate, TAssemblyRecord } from '../../../../shared/inventory-api.js';
import { Assembly, type TAssembly, User } from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { createAssembly, getAssembly, updateAssembly } from '../inventory/service.js';
import {
  type CorrectionConditions,
  type CorrectionRow,
  claimDecision,
  correctionsPage,
  saveProposal,
  setReplacement,
  testerStanding,
} from './queries.js';

// Testers' corrections of the inventory: a tester who finds another nameplate or a replaced
// assembly proposes it; the assembly on file stays as it is until the organization accepts
// (the inventory's own update and create, audited and announced as any change) or refuses.

export { CORRECTION_SORT_FIELDS } from './queries.js';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(row: CorrectionRow): TCorrectionRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    assemblyRef: row.assembly_ref,
    assemblyId: row.assembly_id,
    locationId: row.location_id,
    address: [row.address1, row.city].filter(Boolean).join(', '),
    kind: row.kind,
    onFile: row.on_file,
    proposed: row.proposed,
    note: row.note,
    proposedBy: row.proposed_by ?? '',
    state: row.state,
    reason: row.reason,
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
    replacementRef: row.replacement_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

type ListPage = { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number };

export async function listCorrections(
  em: EntityManager,
  filter: CorrectionConditions,
  page: ListPage,
): Promise<{ rows: TCorrectionRecord[]; total: number }> {
  if (filter.ids?.length === 0) return { rows: [], total: 0 };
  const { rows, total } = await correctionsPage(em, filter, {
    sort: page.sort,
    descending: page.order === 'DESC',
    offset: page.offset,
    limit: page.limit,
  });
  return { rows: rows.map(toRecord), total };
}

export async function getCorrection(em: EntityManager, id: number): Promise<TCorrectionRecord> {
  const { rows } = await listCorrections(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound(CORRECTION_MESSAGES.notFound);
  return rows[0];
}

const nameplateOf = (assembly: TNameplate): TNameplate => ({
  serial: assembly.serial,
  make: assembly.make,
  model: assembly.model,
  sizeInches: assembly.sizeInches,
});

/**
 * A registered tester's proposal for an assembly of an organization they test for. An assembly
 * of an organization they are not registered with answers as if it did not exist.
 */
export async function proposeCorrection(
  em: EntityManager,
  userId: number,
  assemblyRef: number,
  proposal: TCorrectionProposal,
): Promise<TCorrectionRecord> {
  const assembly = await em.findOne(Assembly, { id: assemblyRef });
  const standing = assembly
    ? await testerStanding(em, { userId, organizationId: assembly.organization.id })
    : null;
  if (!assembly || standing === null) throw AppError.notFound(INVENTORY_MESSAGES.assemblyNotFound);
  if (standing !== 'active') {
    throw new AppError(403, 'forbidden', CORRECTION_MESSAGES.notRegistered);
  }
  if (assembly.status !== 'active') throw AppError.conflict(CORRECTION_MESSAGES.assemblyNotActive);
  const user = await em.findOneOrFail(User, { id: userId });
  const id = await em.transactional((tx) =>
    stageCorrection(tx, { assembly, user: { id: userId, email: user.email }, proposal }),
  );
  return getCorrection(em, id);
}

/**
 * A tester's proposal saved in the caller's transaction (a proposal with a test report is part
 * of the report's): a nameplate like the one on file is refused (422 on serial); a second
 * proposal replaces the tester's own pending one. Audited.
 */
export async function stageCorrection(
  tx: EntityManager,
  {
    assembly,
    user,
    proposal,
  }: { assembly: TAssembly; user: { id: number; email: string }; proposal: TCorrectionProposal },
): Promise<number> {
  const onFile = nameplateOf({
    ...assembly,
    sizeInches: assembly.sizeInches === null ? null : Number(assembly.sizeInches),
  });
  const proposed = nameplateOf(proposal);
  const same = NAMEPLATE_FIELDS.every((field) => onFile[field] === proposed[field]);
  if (proposal.kind === 'nameplate' && same) {
    // In My registrations' words (route-context.ts parsed): 422 with the field's message.
    throw new AppError(422, ACCOUNT_CODES.accountErrors, {
      fieldErrors: { serial: CORRECTION_MESSAGES.nothingChanged },
    });
  }
  const saved = await saveProposal(tx, {
    organizationId: assembly.organization.id,
    assemblyRef: assembly.id,
    userId: user.id,
    kind: proposal.kind,
    onFile,
    proposed,
    note: proposal.note,
  });
  recordAudit(
    tx,
    { id: null, email: user.email },
    {
      action: 'propose',
      entityType: 'assembly_correction',
      entityId: saved,
      organizationId: assembly.organization.id,
      before: null,
      after: { assemblyId: assembly.assemblyId, kind: proposal.kind, onFile, proposed },
    },
  );
  return saved;
}

/** An assembly's record as its own update's fields. */
export function fieldsOf(record: TAssemblyRecord): TAssemblyCreate {
  const {
    id: _id,
    organizationId: _organization,
    accountNumber: _account,
    address: _address,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = record;
  return fields;
}

/**
 * The organization's decision, made once: accepting a nameplate changes the assembly on file;
 * accepting a replacement marks it replaced by a new assembly at the same place, numbered by
 * the organization. Both through the inventory's own writes, in the decision's transaction.
 */
export async function decideCorrection(
  em: EntityManager,
  actor: Actor,
  id: number,
  decision: TCorrectionDecision,
): Promise<TCorrectionRecord> {
  const pending = await getCorrection(em, id);
  if (pending.state !== 'pending') throw AppError.conflict(CORRECTION_MESSAGES.decided);
  if (decision.decision === 'accept' && pending.kind === 'replacement' && !decision.newAssemblyId) {
    throw fieldError('newAssemblyId', INVENTORY_MESSAGES.assemblyIdRequired);
  }
  await em.transactional(async (tx) => {
    const claimed = await claimDecision(tx, {
      id,
      state: decision.decision === 'accept' ? 'accepted' : 'refused',
      reason: decision.reason,
      decidedBy: actor.id,
    });
    if (!claimed) throw AppError.conflict(CORRECTION_MESSAGES.decided);
    let replacementRef: number | null = null;
    if (decision.decision === 'accept') {
      const onFile = fieldsOf(await getAssembly(tx, pending.assemblyRef));
      if (pending.kind === 'nameplate') {
        await updateAssembly(tx, actor, pending.assemblyRef, { ...onFile, ...pending.proposed });
      } else {
        const replacement = await createAssembly(tx, actor, {
          ...onFile,
          ...pending.proposed,
          assemblyId: decision.newAssemblyId ?? '',
          installedOn: null,
          status: 'active',
          replacedBy: '',
          lastTestedOn: null,
          lastResult: null,
          nextDueOn: null,
        });
        replacementRef = replacement.id;
        await updateAssembly(tx, actor, pending.assemblyRef, {
          ...onFile,
          status: 'replaced',
          replacedBy: replacement.assemblyId,
        });
        await setReplacement(tx, { id, replacementId: replacement.id });
      }
    }
    recordAudit(tx, actor, {
      action: decision.decision === 'accept' ? 'accept' : 'refuse',
      entityType: 'assembly_correction',
      entityId: id,
      organizationId: pending.organizationId,
      before: { state: 'pending' },
      after: {
        state: decision.decision === 'accept' ? 'accepted' : 'refused',
        reason: decision.reason,
        replacementRef,
      },
    });
  });
  return getCorrection(em, id);
}
