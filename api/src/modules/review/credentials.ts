import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCredentialFact, TCredentialHolder } from '../../../../shared/requirements.js';
import type {
  TCredentialRule,
  TDocumentDecision,
  TDocumentRejectionReason,
} from '../../../../shared/review.js';
import { query, sql } from '../../db/sql.js';

// Credentials under review (issue 27): a registration's credentials as the reviewer and the
// registrant read them. A company credential is copied to every registration of its submission
// with one document (copies.ts decides them together).

export interface CredentialReviewRow {
  id: number;
  credential_type_id: number | null;
  type_name: string;
  holder: TCredentialHolder;
  issuer: string | null;
  number: string | null;
  coverage: string | number | null;
  additional_insured: boolean | null;
  expires_on: string | null;
  /** The values are a renewal waiting for review (the credential on file keeps its own). */
  renewal: boolean;
  decision: TDocumentDecision;
  reason: TDocumentRejectionReason | null;
  note: string | null;
  document_id: string | null;
  content_type: string | null;
  size: number | null;
  /** The type's facts and expiry and the organization's requirement of it (null: no type). */
  facts: TCredentialFact[] | null;
  expires: boolean | null;
  minimum_coverage: string | number | null;
  additional_insured_required: boolean;
}

// A renewal's values stand in for the credential's while it waits, each fact as the renewal
// has it (a fact the renewal leaves empty is empty, not the earlier one).
const CREDENTIALS = sql<{ registrationId: number }>(
  'review-credentials',
  `select cr.id, cr.credential_type_id, cr.type_name, cr.holder,
          case when cr.renewal is null then cr.issuer else cr.renewal->>'issuer' end as issuer,
          case when cr.renewal is null then cr.number else cr.renewal->>'number' end as number,
          case when cr.renewal is null then cr.coverage
               else (cr.renewal->>'coverage')::bigint end as coverage,
          case when cr.renewal is null then cr.additional_insured
               else (cr.renewal->>'additionalInsured')::boolean end as additional_insured,
          case when cr.renewal is null then to_char(cr.expires_on, 'YYYY-MM-DD')
               else cr.renewal->>'expiresOn' end as expires_on,
          cr.renewal is not null as renewal, cr.review_decision as decision,
          cr.review_reason as reason, cr.review_note as note, d.id as document_id,
          d.content_type, d.size, t.facts, t.expires, q.minimum_coverage,
          coalesce(q.additional_insured, false) as additional_insured_required
     from credentials cr
     join registrations rg on rg.id = cr.registration_id
     left join credential_types t on t.id = cr.credential_type_id
     left join organization_credential_requirements q
            on q.credential_type_id = cr.credential_type_id
           and q.organization_id = rg.organization_id
     left join documents d
            on d.id = coalesce(nullif(cr.renewal->>'documentId', '')::uuid, cr.document_id)
    where cr.registration_id = :registrationId
    order by cr.holder, cr.type_name, cr.id`,
);
/** The registration's credentials (the company's first) with their decisions and documents. */
export const reviewCredentials = (em: EntityManager, registrationId: number) =>
  query<CredentialReviewRow, { registrationId: number }>(em, CREDENTIALS, { registrationId });

/** A credential's recorded facts and its decision, as staff and its registrant read them. */
export const credentialFacts = (row: CredentialReviewRow) => ({
  id: row.id,
  credentialTypeId: row.credential_type_id,
  typeName: row.type_name,
  holder: row.holder,
  issuer: row.issuer,
  number: row.number,
  coverage: row.coverage === null ? null : Number(row.coverage),
  additionalInsured: row.additional_insured,
  expiresOn: row.expires_on,
  decision: row.decision,
  reason: row.reason,
  note: row.note,
});

/** What the organization asks of the credential's type (null once the type is gone). */
export const credentialRule = (row: CredentialReviewRow): TCredentialRule | null =>
  row.facts === null || row.expires === null
    ? null
    : {
        facts: row.facts,
        expires: row.expires,
        minimumCoverage: row.minimum_coverage === null ? null : Number(row.minimum_coverage),
        additionalInsured: row.additional_insured_required,
      };
