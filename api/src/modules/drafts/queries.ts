import { type SqlPart, sql } from '../../db/sql.js';

// Every statement of saved registrations ("Save and finish later").

/**
 * Saves a run's draft (a run saving again replaces its draft, link and all, but only within
 * its organization) and keeps exactly the given uploads from the sweep: those of the
 * organization not yet attached to a submit. Returns the draft's id; none when the run's
 * draft belongs to another organization.
 */
export const SAVE_DRAFT = sql<{
  organizationId: number;
  runId: string;
  tokenHash: string;
  email: string;
  language: string;
  data: string;
  expiresAt: Date;
  /** A jsonb list of document ids. */
  documentIds: string;
}>(
  'drafts-save',
  `with saved as (
     insert into drafts (organization_id, run_id, token_hash, email, language, data, expires_at)
     values (:organizationId, :runId, :tokenHash, :email, :language, :data::jsonb, :expiresAt)
     on conflict (run_id) do update
        set token_hash = excluded.token_hash, email = excluded.email,
            language = excluded.language, data = excluded.data,
            expires_at = excluded.expires_at, updated_at = now()
      where drafts.organization_id = excluded.organization_id
     returning id),
   listed as (select value::uuid as id from jsonb_array_elements_text(:documentIds::jsonb)),
   forgotten as (
     delete from draft_documents
      where draft_id = (select id from saved)
        and document_id not in (select id from listed)),
   kept as (
     insert into draft_documents (draft_id, document_id)
     select saved.id, d.id from saved, documents d
      where d.id in (select id from listed) and d.organization_id = :organizationId
        and d.attached_at is null
     on conflict do nothing)
   select id from saved`,
);

/** A draft by its link's token hash, while it lives, with its organization's form hash. */
export const OPEN_DRAFT = sql<{ tokenHash: string }>(
  'drafts-open',
  `select d.run_id, d.language, d.data, o.form_hash
     from drafts d join organizations o on o.id = d.organization_id
    where d.token_hash = :tokenHash and d.expires_at > now()`,
);

const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A run's draft, deleted by the submit that finishes the run, in its transaction. The run is
 * the submit's Idempotency-Key; a key that is not a run's id names no draft.
 */
export const finishedRunDraft: SqlPart<string | null, { draftRunId: string | null }> = {
  text: 'delete from drafts where run_id = :draftRunId::uuid',
  values: (idempotencyKey) => ({
    draftRunId: idempotencyKey && RUN_ID.test(idempotencyKey) ? idempotencyKey : null,
  }),
};

/** Expired drafts, a batch at a time; their uploads become unattached ones, swept as those are. */
export const DELETE_EXPIRED_DRAFTS = sql<{ now: Date; limit: number }>(
  'drafts-delete-expired',
  `delete from drafts
    where id in (select id from drafts where expires_at <= :now order by expires_at limit :limit)
   returning id`,
);
