import type { TCredentialFact, TCredentialHolder } from '../../../../shared/requirements.js';
import type { TReviewState } from '../../../../shared/review.js';
import type { TCredentialValues } from '../../db/entities/index.js';
import { sql } from '../../db/sql.js';
import type { ItemColumns } from './record-queries.js';

// The statements of the credentials a person keeps from My registrations (issue 27): which
// copies are theirs to see and renew, and where a new one goes. Every statement takes the
// session's person (:userId) and the company they administer now (:companyId, 0 for none).

/** A credential's key across organizations, as the reminder run keys it. */
export const CREDENTIAL_KEY_SQL = `concat_ws('|', d.credential_type_id, lower(btrim(coalesce(d.number, ''))))`;

/**
 * Whether a registration (alias `r`) is one where the person keeps credentials of the holder
 * `holder` (an expression): a tester's own on their registrations; the company's on every
 * registration of the company they administer, and on a person's own registration whose
 * submission has no admin (a tester registering alone), as the reminders go. `company` is the
 * administered company's id (an expression). It opens with what every case implies (the
 * person's or the company's registration), which the indexes answer: a case alone is read row
 * by row over every registration.
 */
export const keptBy = (holder: string, company = ':companyId') => `(r.user_id = :userId
     or r.company_id = ${company})
   and case when ${holder} = 'tester'
     then r.user_id = :userId and r.user_type = 'tester'
     else r.company_id = ${company}
       or (r.user_id = :userId and r.company_id is not null and not exists (
             select 1 from registrations a
              where a.submission_id = r.submission_id and a.organization_id = r.organization_id
                and a.user_type = 'admin'))
   end`;

export interface CredentialRow extends ItemColumns {
  type_name: string;
  holder: TCredentialHolder;
  issuer: string | null;
  number: string | null;
  coverage: number | null;
  additional_insured: boolean | null;
  expires_on: string | null;
}

/** The person's credentials, one row per registration carrying one; each key's latest first. */
export const CREDENTIALS = sql<{ userId: number; companyId: number }>(
  'account-credentials',
  `select ${CREDENTIAL_KEY_SQL} as item_key, d.type_name, d.holder, d.issuer, d.number,
          d.coverage::float8 as coverage, d.additional_insured,
          to_char(d.expires_on, 'YYYY-MM-DD') as expires_on,
          d.renewal is not null as renewal_waiting,
          d.renewal is null and d.review_decision <> 'accepted' as review_waiting,
          doc.id as document_id, doc.original_name as document_name,
          o.name as organization_name, r.registered_at
     from credentials d
     join registrations r on r.id = d.registration_id
     join organizations o on o.id = r.organization_id
     left join documents doc on doc.id = d.document_id
    where ${keptBy('d.holder')}
    order by item_key, d.expires_on desc nulls last, r.registered_at desc`,
);

/**
 * Locks the registrations carrying a copy of the credential :key that the person keeps (in id
 * order, as every writer locks them); answers their ids.
 */
export const LOCK_CREDENTIAL_REGISTRATIONS = sql<{
  userId: number;
  companyId: number;
  key: string;
}>(
  'account-lock-credential-registrations',
  `select r.id from registrations r
    where r.id in (select d.registration_id from credentials d
                    join registrations r on r.id = d.registration_id
                   where ${CREDENTIAL_KEY_SQL} = :key and ${keptBy('d.holder')})
    order by r.id
      for update`,
);

export interface CredentialCopyRow {
  id: number;
  registration_id: number;
  organization_id: number;
  organization_name: string;
  review_state: TReviewState;
  accept_expired_certifications: boolean;
}

/** The copies of the credential :key the person keeps, with their registrations' organizations. */
export const CREDENTIAL_COPIES = sql<{ userId: number; companyId: number; key: string }>(
  'account-credential-copies',
  `select d.id, r.id as registration_id, o.id as organization_id,
          o.name as organization_name, r.review_state, o.accept_expired_certifications
     from credentials d
     join registrations r on r.id = d.registration_id
     join organizations o on o.id = r.organization_id
    where ${CREDENTIAL_KEY_SQL} = :key and ${keptBy('d.holder')}
    order by d.id`,
);

export interface CredentialTypeRow {
  id: number;
  name: string;
  holder: TCredentialHolder;
  expires: boolean;
  facts: TCredentialFact[];
}

export const CREDENTIAL_TYPE = sql<{ typeId: number }>(
  'account-credential-type',
  'select id, name, holder, expires, facts from credential_types where id = :typeId',
);

export interface CredentialPlaceRow {
  id: number;
  organization_id: number;
  organization_name: string;
  company_id: number | null;
  review_state: TReviewState;
  accept_expired_certifications: boolean;
  /** Whether the registration already carries a credential of this type with this number. */
  on_file: boolean;
}

/**
 * The registrations where the person keeps credentials of the type :typeId (held by :holder)
 * and whose organization asks for it, locked in id order.
 */
export const CREDENTIAL_PLACES = sql<{
  userId: number;
  companyId: number;
  typeId: number;
  holder: string;
  number: string;
}>(
  'account-credential-places',
  `select r.id, o.id as organization_id, o.name as organization_name, r.company_id,
          r.review_state, o.accept_expired_certifications,
          exists (select 1 from credentials d
                   where d.registration_id = r.id and d.credential_type_id = :typeId
                     and lower(btrim(coalesce(d.number, ''))) = lower(btrim(:number)))
            as on_file
     from registrations r join organizations o on o.id = r.organization_id
    where ${keptBy(':holder::text')}
      and exists (select 1 from organization_credential_requirements q
                   where q.organization_id = o.id and q.credential_type_id = :typeId)
    order by r.id
      for update of r`,
);

export interface CredentialOptionRow {
  id: number;
  name: string;
  holder: TCredentialHolder;
  expires: boolean;
  facts: TCredentialFact[];
  organization_name: string;
  required: boolean;
  minimum_coverage: number | null;
  additional_insured: boolean;
}

/**
 * The credential types asked for by the organizations of the registrations (not rejected) where
 * the person keeps credentials of that type's holder, one row per type and organization.
 */
export const CREDENTIAL_OPTIONS = sql<{ userId: number; companyId: number }>(
  'account-credential-options',
  `select distinct t.id, t.name, t.holder, t.expires, t.facts, o.name as organization_name,
          q.required, q.minimum_coverage::float8 as minimum_coverage,
          q.additional_insured, lower(t.name) as sort_name, lower(o.name) as sort_organization
     from registrations r
     join organizations o on o.id = r.organization_id
     join organization_credential_requirements q on q.organization_id = o.id
     join credential_types t on t.id = q.credential_type_id
    where r.review_state <> 'rejected' and ${keptBy('t.holder')}
    order by t.holder, sort_name, t.id, sort_organization`,
);

/**
 * Whether a document is on a credential the person keeps, on file or in a renewal waiting (a
 * part of OWN_DOCUMENT; `company` as keptBy's).
 */
export const ownCredentialDocumentSql = (company: string) => `select 1 from credentials d
       join registrations r on r.id = d.registration_id
      where ${keptBy('d.holder', company)}
        and (d.document_id = :documentId::uuid or d.renewal->>'documentId' = :documentId)`;

export interface CredentialOnFileRow {
  credential_type_id: number;
  holder: TCredentialHolder;
  issuer: string | null;
  number: string | null;
  coverage: number | null;
  additional_insured: boolean | null;
  expires_on: string | null;
  document_id: string | null;
  /** A renewal waiting for review beside it (its values as sent). */
  renewal: TCredentialValues | null;
}

/**
 * The credentials on file that registering with another organization can carry: the person's
 * own as a tester and those of the company :companyId (their company now), on registrations not
 * rejected, each accepted or with a renewal waiting for review (its values on file stand until
 * the renewal is accepted; a refused renewal leaves the row rejected). Each type's longest
 * running first, the latest recorded among equals.
 */
export const CREDENTIALS_ON_FILE = sql<{ userId: number; companyId: number }>(
  'account-credentials-on-file',
  `select d.credential_type_id, d.holder, d.issuer, d.number, d.coverage::float8 as coverage,
          d.additional_insured, to_char(d.expires_on, 'YYYY-MM-DD') as expires_on,
          d.document_id, d.renewal
     from credentials d join registrations r on r.id = d.registration_id
    where d.credential_type_id is not null and r.review_state <> 'rejected'
      and (d.review_decision = 'accepted'
           or (d.review_decision = 'pending' and d.renewal is not null))
      and case when d.holder = 'tester' then r.user_id = :userId and r.user_type = 'tester'
               else r.company_id = :companyId end
    order by d.credential_type_id, d.expires_on desc nulls last, d.id desc`,
);
