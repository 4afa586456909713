import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCredentialRecord } from '../../../../shared/credentials.js';
import type { TCompany, TOrgInfo } from '../../../../shared/registration.js';
import type { TCertificationValues, TTestKitValues } from '../../db/entities/index.js';
import {
  json,
  type PartValues,
  query,
  type SqlPart,
  type StatementRunner,
  sql,
} from '../../db/sql.js';
import { associatedCertificationsSql } from '../certifications/queries.js';
import { exactCompany, newCompany } from '../companies/queries.js';
import { credentialRequirementsJsonSql } from '../credentials/queries.js';
import { finishedRunDraft } from '../drafts/queries.js';
import { type StagedEmailRow, stagedEmailInsert } from '../email/queries.js';
import type { RecordedEvent } from '../webhooks/events.js';
import { registeredEventsInsert } from '../webhooks/queries.js';

// The public side's statements: the organization behind a registration link, and the final
// submit's read and two writes, run by name on a pooled connection (docs/decisions.md, "The
// final submit writes with plain SQL").

/** What a registration link's calls read of its organization: one row, kept per link. */
export interface LinkRow {
  id: number;
  name: string;
  primary_email: string;
  form_banner: string;
  home_banner: string;
  required_certifications: number;
  allowed_until: string;
  certs: TOrgInfo['org_associated_certs'];
  /** Origins of the sites that may embed the form; empty: any https site. */
  embed_origins: string[];
  accept_expired_certifications: boolean;
  /** The credential types it asks for (empty: none, as every organization before issue 27). */
  credential_requirements: NonNullable<TOrgInfo['credential_requirements']>;
}

const LINK_ROW = sql<{ formHash: string }>(
  'link-row',
  `select o.id, o.name, o.primary_email, o.form_banner, o.home_banner,
       o.required_certifications, to_char(o.allowed_until, 'YYYY-MM-DD') as allowed_until,
       ${associatedCertificationsSql('o.id')} as certs, o.embed_origins,
       o.accept_expired_certifications,
       ${credentialRequirementsJsonSql('o.id')} as credential_requirements
  from organizations o where o.form_hash = :formHash`,
);

/** The organization whose form has the hash, in one statement; undefined when none has. */
export async function findLinkRow(
  db: EntityManager | StatementRunner,
  formHash: string,
): Promise<LinkRow | undefined> {
  const [row] = await query<LinkRow, { formHash: string }>(db, LINK_ROW, { formHash });
  return row;
}

/** What an earlier submit with the same Idempotency-Key stored. */
export interface StoredSubmission {
  requestHash: string;
  response: unknown;
}

/** What an earlier submit with the key stored, as one jsonb value (null when none did). */
const storedSubmission: SqlPart<string | null, { idempotencyKey: string | null }> = {
  text: `(select jsonb_build_object('requestHash', s.request_hash, 'response', s.response)
     from submissions s where s.idempotency_key = :idempotencyKey)`,
  values: (idempotencyKey) => ({ idempotencyKey }),
};

type StoredValues = PartValues<typeof storedSubmission>;

const STORED = sql<StoredValues>('submit-stored', `select ${storedSubmission.text} as stored`);

export async function findStoredSubmission(
  client: StatementRunner,
  idempotencyKey: string,
): Promise<StoredSubmission | null> {
  const [row] = await client.run<{ stored: StoredSubmission | null }, StoredValues>(
    STORED,
    storedSubmission.values(idempotencyKey),
  );
  return row?.stored ?? null;
}

type OnFileValues = StoredValues & {
  organizationId: number;
  emails: string[];
  documentIds: string[];
  namedCompanyId: number | null;
};

const ON_FILE = sql<OnFileValues>(
  'submit-on-file',
  `select ${storedSubmission.text} as stored,
     (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'type', u.type,
               'email', u.email, 'registered_here', exists (
                 select 1 from registrations r
                  where r.user_id = u.id and r.organization_id = :organizationId::int))), '[]')
        from users u
       where lower(u.email) = any(:emails::text[])) as users,
     (select coalesce(jsonb_agg(d.id), '[]') from documents d
       where d.id = any(:documentIds::uuid[]) and d.organization_id = :organizationId::int
         and d.attached_at is null)
       as documents,
     (select :namedCompanyId::int is null
             or exists (select 1 from companies where id = :namedCompanyId::int))
       as company_found`,
);

export interface OnFileRow {
  stored: StoredSubmission | null;
  /** People on file with one of the emails; registered_here: already for this organization. */
  users: { id: number; type: string; email: string; registered_here: boolean }[];
  /** The documents named that are this organization's and not attached to anything yet. */
  documents: string[];
  /** Whether the company named exists (true when none is named). */
  company_found: boolean;
}

/** An earlier answer for the key and what the submit refers to that is on file, in one read. */
export async function findOnFile(
  client: StatementRunner,
  lookup: {
    idempotencyKey: string | null;
    organizationId: number;
    /** Normalized. */
    emails: string[];
    documentIds: string[];
    namedCompanyId: number | null;
  },
): Promise<OnFileRow | undefined> {
  const [row] = await client.run<OnFileRow, OnFileValues>(ON_FILE, {
    ...storedSubmission.values(lookup.idempotencyKey),
    organizationId: lookup.organizationId,
    emails: lookup.emails,
    documentIds: lookup.documentIds,
    namedCompanyId: lookup.namedCompanyId,
  });
  return row;
}

type FirstWriteValues = PartValues<typeof exactCompany> &
  PartValues<typeof newCompany> & {
    documentIds: string[];
    organizationId: number;
    namedCompanyId: number | null;
    idempotencyKey: string | null;
    requestHash: string;
    payload: string;
    successCode: string;
    newcomers: string;
  };

/**
 * The first write: the claim of the submit's documents, the company the people work for (the
 * one the submit names, else one on file with the same keys, else a new one), the submission
 * with the answer it gets, and the people not yet on file, inserted in the given order. A
 * simultaneous retry with the same key waits on the submission's unique index and then replays
 * this answer; the claim locks the documents against the sweep and against another submit.
 */
const FIRST_WRITE = sql<FirstWriteValues>(
  'submit-first-write',
  `with claimed as (
     update documents set attached_at = now()
      where id = any(:documentIds::uuid[]) and organization_id = :organizationId::int
        and attached_at is null
     returning id),
   found as (
     select :namedCompanyId::int as id where :namedCompanyId::int is not null
     union all
     select id from (${exactCompany.text}) exact where :namedCompanyId::int is null),
   made as (${newCompany.text}
      where not exists (select 1 from found)
     returning id),
   company as (select coalesce((select id from found limit 1), (select id from made)) as id),
   submission as (
     insert into submissions (id, idempotency_key, request_hash, organization_id, company_id,
                              payload, response)
     select n.id, :idempotencyKey, :requestHash, :organizationId::int, company.id,
            :payload::jsonb,
            jsonb_build_object('code', :successCode::text,
                               'message', jsonb_build_object('submissionId', n.id))
       from (select nextval('submissions_id_seq')::int as id) n, company
     returning id),
   newcomers as (
     insert into users (type, first_name, last_name, email, phone)
     select type, first_name, last_name, email, phone
       from jsonb_to_recordset(:newcomers::jsonb) as x(type text, first_name text, last_name text,
            email text, phone text, n int)
      order by n
     returning id, lower(email) as email)
   select (select id from submission) as submission_id,
          (select count(*) from claimed)::int as claimed,
          (select id from company) as company_id,
          exists (select 1 from made) as company_created,
          (select coalesce(jsonb_object_agg(email, id), '{}') from newcomers) as user_ids`,
);

/** A person the submit adds to the platform. */
export interface Newcomer {
  type: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface FirstWriteRow {
  submission_id: number;
  /** How many of the documents were claimed (all of them, or another submit got there first). */
  claimed: number;
  company_id: number;
  company_created: boolean;
  /** The newcomers' ids by lower-cased email. */
  user_ids: Record<string, number>;
}

export async function writeSubmissionFirst(
  client: StatementRunner,
  write: {
    documentIds: string[];
    organizationId: number;
    /** The company the submit names (companyID), else null. */
    namedCompanyId: number | null;
    /** The company the submit describes: matched exactly, else created. */
    company: TCompany;
    idempotencyKey: string | null;
    requestHash: string;
    /** The request, kept with the submission. */
    payload: unknown;
    successCode: string;
    /** Inserted in this order. */
    newcomers: Newcomer[];
  },
): Promise<FirstWriteRow | undefined> {
  const [row] = await client.run<FirstWriteRow, FirstWriteValues>(FIRST_WRITE, {
    // exactCompany and newCompany take the same values (companyValues).
    ...newCompany.values(write.company),
    documentIds: write.documentIds,
    organizationId: write.organizationId,
    namedCompanyId: write.namedCompanyId,
    idempotencyKey: write.idempotencyKey,
    requestHash: write.requestHash,
    payload: json(write.payload),
    successCode: write.successCode,
    newcomers: json(
      write.newcomers.map((person, n) => ({
        type: person.type,
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        phone: person.phone,
        n,
      })),
    ),
  });
  return row;
}

type RestWriteValues = PartValues<typeof stagedEmailInsert> &
  PartValues<typeof finishedRunDraft> &
  PartValues<typeof registeredEventsInsert> & {
    people: string;
    companyId: number;
    organizationId: number;
    submissionId: number;
    /** The language the registration is made in. */
    language: string;
    certifications: string;
    testKits: string;
    credentials: string;
  };

/** Everything else in one statement: each WITH part runs whether or not it is referred to. */
const REST_WRITE = sql<RestWriteValues>(
  'submit-rest-write',
  `with people as (
     select * from jsonb_to_recordset(:people::jsonb) as p(user_id int)),
   linked as (
     insert into user_companies (user_id, company_id)
     select user_id, :companyId::int from people order by user_id
     on conflict do nothing),
   registered as (
     insert into registrations (user_id, organization_id, company_id, submission_id, language)
     select user_id, :organizationId::int, :companyId::int, :submissionId::int, :language
       from people order by user_id
     returning id, user_id),
   submitted as (${registeredEventsInsert.text}),
   certified as (
     insert into certifications (user_id, registration_id, number, expires_on, agency_id,
                                 agency_name, type_id, type_name, document_id)
     select c.user_id, r.id, c.number, c.expires_on, c.agency_id, c.agency_name, c.type_id,
            c.type_name, c.document_id
       from jsonb_to_recordset(:certifications::jsonb) as c(user_id int, number text,
            expires_on date, agency_id int, agency_name text, type_id int, type_name text,
            document_id uuid)
       join registered r on r.user_id = c.user_id),
   credentialed as (
     insert into credentials (registration_id, company_id, credential_type_id, type_name, holder,
                              issuer, number, coverage, additional_insured, expires_on,
                              document_id)
     select r.id, case when c.user_id is null then :companyId::int end, c.type_id, c.type_name,
            c.holder, c.issuer, c.number, c.coverage, c.additional_insured, c.expires_on,
            c.document_id
       from jsonb_to_recordset(:credentials::jsonb) as c(user_id int, type_id int,
            type_name text, holder text, issuer text, number text, coverage bigint,
            additional_insured boolean, expires_on date, document_id uuid)
       -- A company credential (no person) goes on every registration of the submission.
       join registered r on c.user_id is null or r.user_id = c.user_id),
   kits as (
     insert into test_kits (company_id, organization_id, submission_id, serial, manufacturer,
                            model, calibrated_on, document_id)
     select :companyId::int, :organizationId::int, :submissionId::int, serial, manufacturer,
            model, calibrated_on, document_id
       from jsonb_to_recordset(:testKits::jsonb) as k(serial text, manufacturer text,
            model text, calibrated_on date, document_id uuid)),
   draft as (${finishedRunDraft.text})
   ${stagedEmailInsert.text}`,
);

/** A certification of a person registered by the submit. */
export interface SubmittedCertification extends TCertificationValues {
  userId: number;
}

export type SubmittedTestKit = TTestKitValues;

/** A credential of the submit: a tester's (userId), or the company's (userId null). */
export interface SubmittedCredential extends TCredentialRecord {
  userId: number | null;
}

/**
 * The second write: every person linked to the company and registered for the organization,
 * their certifications and credentials, the company's credentials on each of their
 * registrations, the test kits, the notification staged and each registration's event recorded.
 */
export async function writeSubmissionRest(
  client: StatementRunner,
  write: {
    userIds: number[];
    companyId: number;
    organizationId: number;
    submissionId: number;
    language: string;
    /** The submit's key: the wizard run whose saved draft it finishes. */
    idempotencyKey: string | null;
    certifications: SubmittedCertification[];
    testKits: SubmittedTestKit[];
    credentials: SubmittedCredential[];
    notification: StagedEmailRow;
    /** One registration.submitted per person, its registration_id added as it is inserted. */
    events: RecordedEvent[];
  },
): Promise<void> {
  await client.run<never, RestWriteValues>(REST_WRITE, {
    ...stagedEmailInsert.values(write.notification),
    ...registeredEventsInsert.values(write.events),
    ...finishedRunDraft.values(write.idempotencyKey),
    people: json(write.userIds.map((userId) => ({ user_id: userId }))),
    companyId: write.companyId,
    organizationId: write.organizationId,
    submissionId: write.submissionId,
    language: write.language,
    certifications: json(
      write.certifications.map((certification) => ({
        user_id: certification.userId,
        number: certification.number,
        expires_on: certification.expiresOn,
        agency_id: certification.agencyId,
        agency_name: certification.agencyName,
        type_id: certification.typeId,
        type_name: certification.typeName,
        document_id: certification.documentId,
      })),
    ),
    testKits: json(
      write.testKits.map((kit) => ({
        serial: kit.serial,
        manufacturer: kit.manufacturer,
        model: kit.model,
        calibrated_on: kit.calibratedOn,
        document_id: kit.documentId,
      })),
    ),
    credentials: json(
      write.credentials.map((credential) => ({
        user_id: credential.userId,
        type_id: credential.credentialTypeId,
        type_name: credential.typeName,
        holder: credential.holder,
        issuer: credential.issuer,
        number: credential.number,
        coverage: credential.coverage,
        additional_insured: credential.additionalInsured,
        expires_on: credential.expiresOn,
        document_id: credential.documentId,
      })),
    ),
  });
}
