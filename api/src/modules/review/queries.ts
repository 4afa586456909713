import type { EntityManager } from '@mikro-orm/postgresql';
import { QUEUE_COUNT_UP_TO } from '../../../../shared/constants.js';
import type {
  TDocumentDecision,
  TDocumentRejectionReason,
  TRegistrationRejectionReason,
  TReviewState,
} from '../../../../shared/review.js';
import type { TStanding } from '../../../../shared/standing.js';
import { idIn, json, query, queryComposed, type SqlFragment, sql, whereAll } from '../../db/sql.js';

// Every statement of review and approval: the queue and its count, one registration's review
// (the person, the company, the certifications, the submission's test kits, the history), the
// rows a decision locks, the registrant's status link and the documents a correction claims.

export interface QueueRow {
  id: number;
  version: number;
  state: TReviewState;
  queued_at: Date;
  registered_at: Date;
  resubmitted_at: Date | null;
  account_change_at: Date | null;
  reregistered_at: Date | null;
  user_id: number;
  user_type: string;
  first_name: string;
  last_name: string;
  email: string;
  organization_id: number;
  organization_name: string;
  company_name: string | null;
  standing: TStanding;
}

export interface QueueConditions {
  ids?: number[];
  organizationId?: number;
  userType?: string;
  standing?: TStanding;
}

// registrations_review_queue_idx, or its organization or user type twin, in queue order (a user
// type within an organization is read from the organization index, which includes it).
const QUEUE_SORTS: Record<string, (direction: string) => string> = {
  queuedAt: (d) => `r.queued_at ${d}, r.id ${d}`,
  id: (d) => `r.id ${d}`,
};
export const QUEUE_SORT_FIELDS = Object.keys(QUEUE_SORTS);

function queueWhere(conditions: QueueConditions): SqlFragment {
  const { organizationId, userType, standing } = conditions;
  return whereAll([
    { text: "r.review_state = 'pending'", params: {} },
    organizationId !== undefined && {
      text: 'r.organization_id = :organizationId',
      params: { organizationId },
    },
    userType !== undefined && { text: 'r.user_type = :userType', params: { userType } },
    standing !== undefined && { text: 'r.standing = :standing', params: { standing } },
    idIn('r.id', conditions.ids),
  ]);
}

/**
 * One page of the registrations waiting for review, and how many wait: counted up to
 * QUEUE_COUNT_UP_TO, null when more do.
 */
export async function queuePage(
  em: EntityManager,
  conditions: QueueConditions,
  page: { sort: string; direction: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: QueueRow[]; total: number | null }> {
  const where = queueWhere(conditions);
  const order = (QUEUE_SORTS[page.sort] ?? QUEUE_SORTS.queuedAt)?.(page.direction);
  const rows = await queryComposed<QueueRow>(em, 'review-queue-page', {
    text: `select r.id, r.review_version as version, r.review_state as state, r.queued_at,
            r.registered_at, r.resubmitted_at, r.account_change_at, r.reregistered_at, u.id as user_id, u.type as user_type,
            u.first_name, u.last_name, u.email, o.id as organization_id,
            o.name as organization_name, c.name as company_name, r.standing
       from (select r.id from registrations r ${where.text}
              order by ${order} limit :limit offset :offset) page
       join registrations r on r.id = page.id
       join users u on u.id = r.user_id
       join organizations o on o.id = r.organization_id
       left join companies c on c.id = r.company_id
      order by ${order}`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const [count] = await queryComposed<{ total: number }>(em, 'review-queue-count', {
    text: `select count(*)::int as total
       from (select 1 from registrations r ${where.text} limit :countLimit) waiting`,
    params: { ...where.params, countLimit: QUEUE_COUNT_UP_TO + 1 },
  });
  const total = count?.total ?? 0;
  return { rows, total: total > QUEUE_COUNT_UP_TO ? null : total };
}

export interface ReviewRow {
  id: number;
  standing: TStanding;
  version: number;
  state: TReviewState;
  registered_at: Date;
  queued_at: Date;
  resubmitted_at: Date | null;
  account_change_at: Date | null;
  reregistered_at: Date | null;
  reviewed_at: Date | null;
  rejection_reason: TRegistrationRejectionReason | null;
  rejection_note: string | null;
  enrolled: boolean;
  submission_id: number | null;
  /** The language the registration was made in: the registrant's emails are written in it. */
  language: string;
  user_id: number;
  user_type: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  organization_id: number;
  organization_name: string;
  form_hash: string;
  home_banner: string;
  company_id: number | null;
  company_name: string | null;
  company_phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state_code: string | null;
  zip: string | null;
  /** The company was on file before this submission (it was matched, not created). */
  company_matched: boolean | null;
}

const REVIEW = sql<{ id: number }>(
  'review-registration',
  `select r.id, r.review_version as version, r.review_state as state, r.registered_at,
          r.queued_at, r.resubmitted_at, r.account_change_at, r.reregistered_at, r.reviewed_at, r.rejection_reason, r.rejection_note,
          r.enrolled, r.submission_id, r.language, u.id as user_id, u.type as user_type, u.first_name,
          u.last_name, u.email, u.phone, o.id as organization_id, o.name as organization_name,
          o.form_hash, o.home_banner, c.id as company_id, c.name as company_name, r.standing,
          c.phone as company_phone, c.address1, c.address2, c.city, c.state as state_code, c.zip,
          (c.created_at < s.received_at) as company_matched
     from registrations r
     join users u on u.id = r.user_id
     join organizations o on o.id = r.organization_id
     left join companies c on c.id = r.company_id
     left join submissions s on s.id = r.submission_id
    where r.id = :id`,
);
/** One registration with its person, organization and company. */
export const reviewRegistration = async (em: EntityManager, id: number) =>
  (await query<ReviewRow, { id: number }>(em, REVIEW, { id }))[0];

interface DocumentColumns {
  document_id: string | null;
  content_type: string | null;
  size: number | null;
}

export interface CertificationReviewRow extends DocumentColumns {
  id: number;
  number: string;
  expires_on: string;
  agency_id: number | null;
  agency_name: string;
  type_id: number | null;
  type_name: string;
  /** The values are a renewal waiting for review (the item on file keeps its own until then). */
  renewal: boolean;
  decision: TDocumentDecision;
  reason: TDocumentRejectionReason | null;
  note: string | null;
}

// A renewal waiting for review is what the reviewer decides and the registrant sees: its values
// and document stand in for the item's until it is accepted (decisions.ts applies it then).
const CERTIFICATIONS = sql<{ registrationId: number }>(
  'review-certifications',
  `select ce.id, coalesce(ce.renewal->>'number', ce.number) as number,
          coalesce(ce.renewal->>'expiresOn', to_char(ce.expires_on, 'YYYY-MM-DD')) as expires_on,
          coalesce((ce.renewal->>'agencyId')::int, ce.agency_id) as agency_id,
          coalesce(ce.renewal->>'agencyName', ce.agency_name) as agency_name,
          coalesce((ce.renewal->>'typeId')::int, ce.type_id) as type_id,
          coalesce(ce.renewal->>'typeName', ce.type_name) as type_name,
          ce.renewal is not null as renewal, ce.review_decision as decision,
          ce.review_reason as reason, ce.review_note as note, d.id as document_id,
          d.content_type, d.size
     from certifications ce
     left join documents d
            on d.id = coalesce(nullif(ce.renewal->>'documentId', '')::uuid, ce.document_id)
    where ce.registration_id = :registrationId order by ce.id`,
);
/** The registration's certifications with their decisions and documents. */
export const reviewCertifications = (em: EntityManager, registrationId: number) =>
  query<CertificationReviewRow, { registrationId: number }>(em, CERTIFICATIONS, {
    registrationId,
  });

export interface TestKitReviewRow extends DocumentColumns {
  id: number;
  serial: string;
  manufacturer: string;
  model: string;
  calibrated_on: string;
  /** The next calibration's date (none while a renewed calibration waits for review). */
  calibration_due_on: string | null;
  /** The values are a renewal waiting for review (the kit on file keeps its own until then). */
  renewal: boolean;
  decision: TDocumentDecision;
  reason: TDocumentRejectionReason | null;
  note: string | null;
}

const TEST_KITS = sql<{ submissionId: number }>(
  'review-test-kits',
  `select tk.id, coalesce(tk.renewal->>'serial', tk.serial) as serial,
          coalesce(tk.renewal->>'manufacturer', tk.manufacturer) as manufacturer,
          coalesce(tk.renewal->>'model', tk.model) as model,
          coalesce(tk.renewal->>'calibratedOn', to_char(tk.calibrated_on, 'YYYY-MM-DD'))
            as calibrated_on,
          case when tk.renewal is null
               then to_char(tk.calibration_due_on, 'YYYY-MM-DD') end as calibration_due_on,
          tk.renewal is not null as renewal,
          tk.review_decision as decision, tk.review_reason as reason, tk.review_note as note,
          d.id as document_id, d.content_type, d.size
     from test_kits tk
     left join documents d
            on d.id = coalesce(nullif(tk.renewal->>'documentId', '')::uuid, tk.document_id)
    where tk.submission_id = :submissionId order by tk.id`,
);
/** The test kits of a submission (every registration of it reviews the same kits). */
export const reviewTestKits = (em: EntityManager, submissionId: number | null) =>
  submissionId === null
    ? Promise.resolve([])
    : query<TestKitReviewRow, { submissionId: number }>(em, TEST_KITS, { submissionId });

export interface ReviewHistoryRow {
  id: number;
  registration_id: string;
  created_at: Date;
  staff_email: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit entries of the registrations `registrations` selects (their ids as text). */
const historyOf = (registrations: string) =>
  `select a.id, a.entity_id as registration_id, a.created_at, a.staff_email, a.action,
          a.before, a.after
     from audit_log a
    where a.entity_type = 'registration' and a.entity_id = any(array(${registrations}))
    order by a.id`;

const HISTORY = sql<{ id: number }>(
  'review-history',
  historyOf(`select r.id::text from registrations r
     where r.id = :id
        or r.submission_id = (select submission_id from registrations where id = :id)`),
);
/**
 * The audit entries of the registration and of the others of its submission (their test kits
 * are this registration's too), oldest first.
 */
export const reviewHistory = (em: EntityManager, id: number) =>
  query<ReviewHistoryRow, { id: number }>(em, HISTORY, { id });

// Within one organization (:organizationId), its registration's entries alone: the person's own
// changes from My registrations are theirs across every organization.
const USER_HISTORY = sql<{ userId: number; organizationId: number | null }>(
  'review-history-of-user',
  `select * from (${historyOf(`select r.id::text from registrations r
     where r.user_id = :userId
       and (:organizationId::int is null or r.organization_id = :organizationId::int)`)}) h
   union all
   select a.id, '0', a.created_at, a.staff_email, a.action, a.before, a.after
     from audit_log a
    where a.entity_type = 'user' and a.entity_id = :userId::text and a.action = 'account_update'
      and :organizationId::int is null
   order by 1`,
);
/**
 * Every audit entry of a person's registrations (of one organization's, or every one's: a null
 * organizationId), and the changes they made to their own details from My registrations
 * (registration 0, only with every organization), oldest first (User Info's history).
 */
export const reviewHistoryOfUser = (
  em: EntityManager,
  params: { userId: number; organizationId: number | null },
) => query<ReviewHistoryRow, typeof params>(em, USER_HISTORY, params);

const LOCK = sql<{ id: number }>(
  'review-lock',
  `select r.id from registrations r
    where r.id = :id
       or r.submission_id = (select submission_id from registrations where id = :id)
    order by r.id for update`,
);
/**
 * Locks the registration and the others of its submission (whose test kits it shares), in id
 * order so two decisions cannot deadlock; answers their ids (none: no such registration).
 */
export async function lockSubmissionRegistrations(em: EntityManager, id: number) {
  return (await query<{ id: number }, { id: number }>(em, LOCK, { id })).map((row) => row.id);
}

const BUMP_VERSIONS = sql<{ ids: string }>(
  'review-bump-versions',
  `update registrations set review_version = review_version + 1, updated_at = now()
    where id = any(array(select jsonb_array_elements_text(:ids::jsonb)::int))`,
);
/** A change every one of these registrations shows: each reviewer's version is now stale. */
export async function bumpReviewVersions(em: EntityManager, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await query<never, { ids: string }>(em, BUMP_VERSIONS, { ids: json(ids) });
}

const COMPANY_ADMINS = sql<{ registrationId: number }>(
  'review-company-admins',
  `select distinct u.email, r.language from registrations me
     join registrations r on r.organization_id = me.organization_id
                         and r.company_id = me.company_id and r.id <> me.id
     join users u on u.id = r.user_id and u.type = 'admin'
    where me.id = :registrationId and r.review_state <> 'rejected'
    order by u.email`,
);
/**
 * The admins of the registration's company registered with the same organization, each with the
 * language of their own registration there.
 */
export const companyAdmins = (em: EntityManager, registrationId: number) =>
  query<{ email: string; language: string }, { registrationId: number }>(em, COMPANY_ADMINS, {
    registrationId,
  });

export interface StatusTokenRow {
  id: number;
  registration_id: number;
  expires_at: Date;
  used_at: Date | null;
}

const statusTokenText = (lock: string) =>
  `select t.id, t.registration_id, t.expires_at, t.used_at
     from registration_status_tokens t
     join registrations r on r.id = t.registration_id
     join organizations o on o.id = r.organization_id
    where t.token_hash = :tokenHash and o.form_hash = :formHash ${lock}`;
type StatusTokenKey = { tokenHash: string; formHash: string };
const STATUS_TOKEN = sql<StatusTokenKey>('status-token', statusTokenText(''));
const STATUS_TOKEN_FOR_UPDATE = sql<StatusTokenKey>(
  'status-token-for-update',
  statusTokenText('for update of t'),
);
/** The status link with this token hash, when it belongs to a registration of this form. */
export async function findStatusToken(
  em: EntityManager,
  key: StatusTokenKey,
  options: { lock?: boolean } = {},
): Promise<StatusTokenRow | undefined> {
  const statement = options.lock ? STATUS_TOKEN_FOR_UPDATE : STATUS_TOKEN;
  return (await query<StatusTokenRow, typeof key>(em, statement, key))[0];
}

const CLAIM_DOCUMENTS = sql<{ documentIds: string; organizationId: number }>(
  'status-claim-documents',
  `update documents set attached_at = now()
    where id = any(array(select jsonb_array_elements_text(:documentIds::jsonb)::uuid))
      and organization_id = :organizationId
      and attached_at is null
   returning id`,
);
/**
 * Attaches uploaded replacement documents of the organization that nothing uses yet; answers
 * the ones it attached (a document already used, or another organization's, is left out).
 */
export async function claimDocuments(
  em: EntityManager,
  claim: { documentIds: string[]; organizationId: number },
): Promise<Set<string>> {
  if (claim.documentIds.length === 0) return new Set();
  const rows = await query<{ id: string }, { documentIds: string; organizationId: number }>(
    em,
    CLAIM_DOCUMENTS,
    { documentIds: json(claim.documentIds), organizationId: claim.organizationId },
  );
  return new Set(rows.map((row) => row.id));
}
