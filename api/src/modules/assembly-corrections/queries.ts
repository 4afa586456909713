import type { EntityManager } from '@mikro-orm/postgresql';
import type { TNameplate } from '../../../../shared/assemblies.js';
import type { TCorrectionKind, TCorrectionState } from '../../../../shared/assembly-corrections.js';
import { idIn, json, query, queryComposed, sql, whereAll } from '../../db/sql.js';

// Testers' corrections: the console's list, a registrant's standing with the assembly's
// organization, the proposal's upsert and the decision's claim.

export interface CorrectionRow {
  id: number;
  organization_id: number;
  assembly_ref: number;
  assembly_id: string;
  location_id: number;
  address1: string;
  city: string;
  kind: TCorrectionKind;
  on_file: TNameplate;
  proposed: TNameplate;
  note: string;
  proposed_by: string | null;
  state: TCorrectionState;
  reason: string;
  decided_by: string | null;
  decided_at: Date | null;
  replacement_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface CorrectionConditions {
  ids?: number[];
  organizationId?: number;
  state?: TCorrectionState;
  assemblyRef?: number;
}

const SORTS: Record<string, string> = {
  id: 'c.id',
  createdAt: 'c.created_at',
  state: 'c.state',
  assemblyId: 'lower(a.assembly_id)',
};
export const CORRECTION_SORT_FIELDS = Object.keys(SORTS);

/** One page of corrections with their assembly, location and the people named, and the total. */
export async function correctionsPage(
  em: EntityManager,
  conditions: CorrectionConditions,
  page: { sort: string; descending: boolean; offset: number; limit: number },
): Promise<{ rows: CorrectionRow[]; total: number }> {
  const { organizationId, state, assemblyRef } = conditions;
  const where = whereAll([
    idIn('c.id', conditions.ids),
    organizationId !== undefined && {
      text: 'c.organization_id = :organizationId',
      params: { organizationId },
    },
    state !== undefined && { text: 'c.state = :state', params: { state } },
    assemblyRef !== undefined && { text: 'c.assembly_id = :assemblyRef', params: { assemblyRef } },
  ]);
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await queryComposed<CorrectionRow>(em, 'corrections-page', {
    text: `select c.id, c.organization_id, c.assembly_id as assembly_ref, a.assembly_id,
                  a.location_id, l.address1, l.city, c.kind, c.on_file, c.proposed, c.note,
                  nullif(trim(u.first_name || ' ' || u.last_name), '') as proposed_by, c.state,
                  c.reason, s.email as decided_by, c.decided_at, c.replacement_id, c.created_at,
                  c.updated_at
             from assembly_corrections c
             join assemblies a on a.id = c.assembly_id
             join locations l on l.id = a.location_id
             left join users u on u.id = c.proposed_by_id
             left join staff_accounts s on s.id = c.decided_by_id
             ${where.text}
            order by ${SORTS[page.sort] ?? SORTS.id} ${direction}, c.id ${direction}
            limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const [count] = await queryComposed<{ total: number }>(em, 'corrections-count', {
    text: `select count(*)::int as total from assembly_corrections c ${where.text}`,
    params: where.params,
  });
  return { rows, total: count?.total ?? 0 };
}

/**
 * The registrant's standing as a tester with the organization: 'active' (approved, in good
 * standing), 'inactive' (registered otherwise), or no row (not registered with it).
 */
const TESTER_STANDING = sql<{ userId: number; organizationId: number }>(
  'correction-tester-standing',
  `select case when r.enrolled and r.standing = 'active' and r.user_type = 'tester'
               then 'active' else 'inactive' end as standing
     from registrations r
    where r.user_id = :userId and r.organization_id = :organizationId`,
);

export async function testerStanding(
  em: EntityManager,
  params: { userId: number; organizationId: number },
): Promise<'active' | 'inactive' | null> {
  const [row] = await query<{ standing: 'active' | 'inactive' }, typeof params>(
    em,
    TESTER_STANDING,
    params,
  );
  return row?.standing ?? null;
}

type ProposalValues = {
  organizationId: number;
  assemblyRef: number;
  userId: number;
  kind: TCorrectionKind;
  onFile: string;
  proposed: string;
  note: string;
};

/** A tester's proposal, replacing their own pending one for the assembly (a resend). */
const UPSERT_PROPOSAL = sql<ProposalValues>(
  'correction-upsert',
  `insert into assembly_corrections
          (organization_id, assembly_id, proposed_by_id, kind, on_file, proposed, note)
   values (:organizationId, :assemblyRef, :userId, :kind, :onFile::jsonb, :proposed::jsonb, :note)
   on conflict (assembly_id, proposed_by_id) where state = 'pending'
   do update set kind = excluded.kind, on_file = excluded.on_file,
                 proposed = excluded.proposed, note = excluded.note, updated_at = now()
   returning id`,
);

export async function saveProposal(
  em: EntityManager,
  proposal: Omit<ProposalValues, 'onFile' | 'proposed'> & {
    onFile: TNameplate;
    proposed: TNameplate;
  },
): Promise<number> {
  const [row] = await query<{ id: number }, ProposalValues>(em, UPSERT_PROPOSAL, {
    ...proposal,
    onFile: json(proposal.onFile),
    proposed: json(proposal.proposed),
  });
  if (!row) throw new Error('the proposal upsert answered no row');
  return row.id;
}

type ClaimValues = {
  id: number;
  state: 'accepted' | 'refused';
  reason: string;
  decidedBy: number | null;
};

/** Claims a pending correction for a decision; no row when decided already (or none). */
const CLAIM_DECISION = sql<ClaimValues>(
  'correction-claim',
  `update assembly_corrections
      set state = :state, reason = :reason, decided_by_id = :decidedBy, decided_at = now(),
          updated_at = now()
    where id = :id and state = 'pending'
   returning id`,
);

export async function claimDecision(em: EntityManager, claim: ClaimValues): Promise<boolean> {
  return (await query<{ id: number }, ClaimValues>(em, CLAIM_DECISION, claim)).length > 0;
}

const SET_REPLACEMENT = sql<{ id: number; replacementId: number }>(
  'correction-replacement',
  'update assembly_corrections set replacement_id = :replacementId where id = :id',
);

export async function setReplacement(
  em: EntityManager,
  values: { id: number; replacementId: number },
): Promise<void> {
  await query(em, SET_REPLACEMENT, values);
}
