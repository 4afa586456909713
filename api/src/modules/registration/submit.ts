import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../../shared/i18n/languages.js';
import {
  createSubmitAllSchema,
  emptyFinalErrors,
  finalErrorsFrom,
  hasFinalErrors,
  normalizeEmail,
  type TFinalErrorsMessage,
  type TSubmitAllRequest,
} from '../../../../shared/registration.js';
import {
  type NamedStatement,
  type PooledClient,
  withPooledClient,
} from '../../db/pooled-client.js';
import { AppError } from '../../errors.js';
import { faultPoint } from '../../testing/fault-points.js';
import { companyInsertParams, companyInsertSql } from '../companies/create.js';
import { EXACT_COMPANY_SQL, exactCompanyParams } from '../companies/matching.js';
import { companyKeys } from '../companies/normalize.js';
import { STAGED_EMAIL_INSERT_SQL, stagedEmailParams } from '../email/outbox.js';
import {
  replayOf,
  requestHash,
  type StoredSubmission,
  storedSubmissionSql,
} from './idempotency.js';
import type { LinkCache } from './link-cache.js';
import { signupNotification } from './notification.js';
import {
  LINK_ROW_SQL,
  type LinkedOrganization,
  type LinkRow,
  linkedOrganization,
  linkRowFor,
  possibleHash,
} from './organization-link.js';
import { cachedByRules } from './schema-cache.js';
import { UNPROCESSABLE } from './validation.js';

// The final submit: re-validates everything, then writes company, people, registrations,
// certifications, kits, document attachments, the submission and the staged notification in
// one transaction. Emails identify people platform-wide; the unique indexes decide races.
//
// It is the platform's busiest write, so it speaks plain SQL in a few set-based named statements
// on a pooled connection instead of a unit of work: the organization from the link cache, one
// read, and two writes inside the transaction. See docs/decisions.md, "The final submit writes
// with plain SQL".

export interface SubmitOptions {
  idempotencyKey?: string | undefined;
  /** Base of the console link in the notification. */
  publicUrl: string;
  /** Keeps the organization behind a link for a few seconds (see link-cache.ts). */
  cache?: LinkCache;
  /** The language the registration is made in; emails to these people are written in it. */
  language?: TLanguage;
}

export interface SubmitOutcome {
  answer: TApiAnswer<{ submissionId: number }>;
  replayed: boolean;
}

const finalErrors = (message: TFinalErrorsMessage) =>
  new AppError(UNPROCESSABLE, CODES.finalErrors, message);

/** Races the database settles by refusing one side; a fresh attempt sees the winner's rows. */
const MAX_ATTEMPTS = 3;

const IDEMPOTENCY_CONSTRAINT = 'submissions_idempotency_key_unique';

/** PostgreSQL's error code and constraint, on a driver error or MikroORM's copy of one. */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  return error && typeof error === 'object'
    ? (error as { code?: string; constraint?: string })
    : {};
}

function isRetryable(error: unknown): boolean {
  const { code, constraint } = databaseError(error);
  return (
    code === '40P01' || // deadlock
    code === '23503' || // a row referred to went away
    (code === '23505' && constraint !== IDEMPOTENCY_CONSTRAINT)
  );
}

class DocumentsTakenError extends Error {}

type Submitted = SubmitOutcome['answer'];

const submitSchema = cachedByRules(createSubmitAllSchema);

/** jsonb parameters: one value carries a whole list of rows. */
const json = (value: unknown) => JSON.stringify(value);

export function submitRegistration(
  em: EntityManager,
  body: unknown,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  return withPooledClient(em, (client) => submitOn(client, body, options));
}

const LINK_ROW: NamedStatement = { name: 'submit-link-row', sql: LINK_ROW_SQL };

const STORED: NamedStatement = {
  name: 'submit-stored',
  sql: `select ${storedSubmissionSql('?')} as stored`,
};

/** The answer stored for the key, replayed for this body; undefined when the key is new. */
async function storedAnswer(
  client: PooledClient,
  key: string | null,
  hash: string,
): Promise<SubmitOutcome | undefined> {
  if (!key) return undefined;
  const [row] = await client.run<{ stored: StoredSubmission | null }>(STORED, [key]);
  return row?.stored
    ? { answer: replayOf(row.stored, hash) as Submitted, replayed: true }
    : undefined;
}

async function submitOn(
  client: PooledClient,
  body: unknown,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  const hash = requestHash(body);
  const key = options.idempotencyKey ?? null;
  const formHash = possibleHash(
    body && typeof body === 'object' ? (body as { hashValue?: unknown }).hashValue : undefined,
  );
  const row = formHash
    ? await linkRowFor(
        formHash,
        async () => (await client.run<LinkRow>(LINK_ROW, [formHash]))[0],
        options.cache,
      )
    : null;
  let organization: LinkedOrganization;
  let request: TSubmitAllRequest;
  try {
    organization = linkedOrganization(row);
    const parsed = submitSchema(organization.rules).safeParse(body);
    if (!parsed.success) throw finalErrors(finalErrorsFrom(parsed.error.issues));
    request = parsed.data;
  } catch (error) {
    // A retry replays the earlier answer even if the link has expired or the rules changed.
    const replay = await storedAnswer(client, key, hash);
    if (replay) return replay;
    throw error;
  }

  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await attemptSubmit(client, organization, request, {
        ...options,
        requestHash: hash,
      });
      if (!outcome.replayed) faultPoint('after-commit');
      return outcome;
    } catch (error) {
      if (key && databaseError(error).constraint === IDEMPOTENCY_CONSTRAINT) {
        // A simultaneous request with the same key committed first: answer as it did.
        const replay = await storedAnswer(client, key, hash);
        if (replay) return replay;
      }
      const settled = isRetryable(error) || error instanceof DocumentsTakenError;
      if (settled && attempt < MAX_ATTEMPTS) continue;
      if (settled) {
        const message = emptyFinalErrors();
        message.generalErrors.push(MESSAGES.apiSubmissionError);
        throw finalErrors(message);
      }
      throw error;
    }
  }
}

interface ExistingUser {
  id: number;
  type: string;
  registeredHere: boolean;
}

interface OnFile {
  /** What an earlier submit with the same Idempotency-Key stored. */
  stored: StoredSubmission | null;
  /** People already on file, by normalized email. */
  users: Map<string, ExistingUser>;
  /** Document links of this organization not attached to anything yet. */
  usableDocuments: Set<string>;
  /** Whether the company the submit names (companyID) exists. */
  companyFound: boolean;
}

const ON_FILE: NamedStatement = {
  name: 'submit-on-file',
  sql: `select ${storedSubmissionSql('?')} as stored,
     (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'type', u.type,
               'email', u.email, 'registered_here', exists (
                 select 1 from registrations r
                  where r.user_id = u.id and r.organization_id = ?))), '[]')
        from users u
       where lower(u.email) = any(?::text[])) as users,
     (select coalesce(jsonb_agg(d.id), '[]') from documents d
       where d.id = any(?::uuid[]) and d.organization_id = ? and d.attached_at is null)
       as documents,
     (select ?::int is null or exists (select 1 from companies where id = ?::int))
       as company_found`,
};

/** An earlier answer for the key and what the submit refers to that is on file, in one read. */
async function onFile(
  client: PooledClient,
  organization: LinkedOrganization,
  request: TSubmitAllRequest,
  key: string | null,
  emails: string[],
  links: string[],
): Promise<OnFile> {
  const companyId = request.companyInfo[0]?.companyID ?? null;
  const [row] = await client.run<{
    stored: StoredSubmission | null;
    users: { id: number; type: string; email: string; registered_here: boolean }[];
    documents: string[];
    company_found: boolean;
  }>(ON_FILE, [key, organization.id, emails, links, organization.id, companyId, companyId]);
  return {
    stored: row?.stored ?? null,
    users: new Map(
      (row?.users ?? []).map((user) => [
        normalizeEmail(user.email),
        { id: user.id, type: user.type, registeredHere: user.registered_here },
      ]),
    ),
    usableDocuments: new Set(row?.documents ?? []),
    companyFound: row?.company_found ?? false,
  };
}

/** Every document link with where it was used, for per-field messages. */
function documentReferences(request: TSubmitAllRequest) {
  const references: { link: string; mark: (message: TFinalErrorsMessage) => void }[] = [];
  request.userInfo.forEach((user, userPosition) => {
    user.userCerts.forEach((cert, certPosition) => {
      references.push({
        link: cert.certDocLink,
        mark: (message) => {
          message.certErrors[userPosition] ??= {};
          const certs = message.certErrors[userPosition];
          certs[certPosition] ??= {};
          certs[certPosition].certDocLink ??= MESSAGES.documentLinkInvalid;
        },
      });
    });
  });
  request.testKitInfo.forEach((kit, kitPosition) => {
    references.push({
      link: kit.kitCalibDocLink,
      mark: (message) => {
        message.testKitErrors[kitPosition] ??= {};
        message.testKitErrors[kitPosition].kitCalibDocLink ??= MESSAGES.documentLinkInvalid;
      },
    });
  });
  return references;
}

/** The checks that need the database; each problem lands where the person can fix it. */
function databaseProblems(request: TSubmitAllRequest, found: OnFile): TFinalErrorsMessage {
  const message = emptyFinalErrors();
  if (!found.companyFound) message.company_errors.companyID = MESSAGES.companyNotFound;
  for (const reference of documentReferences(request)) {
    if (!found.usableDocuments.has(reference.link)) reference.mark(message);
  }
  request.userInfo.forEach((user, position) => {
    const known = found.users.get(normalizeEmail(user.userEmail));
    if (!known) return;
    const problem = known.registeredHere
      ? MESSAGES.emailAlreadyRegisteredHere
      : known.type !== user.userType
        ? known.type === 'admin'
          ? MESSAGES.emailRegisteredAsAdmin
          : MESSAGES.emailRegisteredAsTester
        : undefined;
    if (problem) {
      message.userErrors[position] ??= {};
      message.userErrors[position].userEmail = problem;
    }
  });
  return message;
}

/**
 * The first write: the claim of the submit's documents, the company the people work for (the
 * one the submit names, else one on file with the same keys, else a new one), the submission
 * with the answer it gets, and the people not yet on file, inserted in the given order. A
 * simultaneous retry with the same key waits on the submission's unique index and then replays
 * this answer; the claim locks the documents against the sweep and against another submit.
 */
const FIRST_WRITE: NamedStatement = {
  name: 'submit-first-write',
  sql: `with claimed as (
     update documents set attached_at = now()
      where id = any(?::uuid[]) and organization_id = ? and attached_at is null
     returning id),
   found as (
     select ?::int as id where ?::int is not null
     union all
     select id from (${EXACT_COMPANY_SQL}) exact where ?::int is null),
   made as (${companyInsertSql('not exists (select 1 from found)')}),
   company as (select coalesce((select id from found limit 1), (select id from made)) as id),
   submission as (
     insert into submissions (id, idempotency_key, request_hash, organization_id, company_id,
                              payload, response)
     select n.id, ?, ?, ?, company.id, ?::jsonb,
            jsonb_build_object('code', ?::text, 'message', jsonb_build_object('submissionId', n.id))
       from (select nextval('submissions_id_seq')::int as id) n, company
     returning id),
   newcomers as (
     insert into users (type, first_name, last_name, email, phone)
     select type, first_name, last_name, email, phone
       from jsonb_to_recordset(?::jsonb) as x(type text, first_name text, last_name text,
            email text, phone text, n int)
      order by n
     returning id, lower(email) as email)
   select (select id from submission) as submission_id,
          (select count(*) from claimed)::int as claimed,
          (select id from company) as company_id,
          exists (select 1 from made) as company_created,
          (select coalesce(jsonb_object_agg(email, id), '{}') from newcomers) as user_ids`,
};

/** Everything else in one statement: each WITH part runs whether or not it is referred to. */
const REST_WRITE: NamedStatement = {
  name: 'submit-rest-write',
  sql: `with people as (
     select * from jsonb_to_recordset(?::jsonb) as p(user_id int)),
   linked as (
     insert into user_companies (user_id, company_id)
     select user_id, ? from people order by user_id
     on conflict do nothing),
   registered as (
     insert into registrations (user_id, organization_id, company_id, submission_id, language)
     select user_id, ?, ?, ?, ? from people order by user_id
     returning id, user_id),
   certified as (
     insert into certifications (user_id, registration_id, number, expires_on, agency_id,
                                 agency_name, type_id, type_name, document_id)
     select c.user_id, r.id, c.number, c.expires_on, c.agency_id, c.agency_name, c.type_id,
            c.type_name, c.document_id
       from jsonb_to_recordset(?::jsonb) as c(user_id int, number text, expires_on date,
            agency_id int, agency_name text, type_id int, type_name text, document_id uuid)
       join registered r on r.user_id = c.user_id),
   kits as (
     insert into test_kits (company_id, organization_id, submission_id, serial, manufacturer,
                            model, calibrated_on, document_id)
     select ?, ?, ?, serial, manufacturer, model, calibrated_on, document_id
       from jsonb_to_recordset(?::jsonb) as k(serial text, manufacturer text, model text,
            calibrated_on date, document_id uuid))
   ${STAGED_EMAIL_INSERT_SQL}`,
};

async function attemptSubmit(
  client: PooledClient,
  organization: LinkedOrganization,
  request: TSubmitAllRequest,
  options: SubmitOptions & { requestHash: string },
): Promise<SubmitOutcome> {
  const emails = request.userInfo.map((user) => normalizeEmail(user.userEmail));
  const links = [...new Set(documentReferences(request).map((reference) => reference.link))];
  const key = options.idempotencyKey ?? null;
  const found = await onFile(client, organization, request, key, emails, links);
  if (found.stored) {
    return { answer: replayOf(found.stored, options.requestHash) as Submitted, replayed: true };
  }
  const problems = databaseProblems(request, found);
  if (hasFinalErrors(problems)) throw finalErrors(problems);

  const [companyInput] = request.companyInfo;
  if (!companyInput) throw AppError.badRequest();
  const companyId = companyInput.companyID ?? null;
  const keys = companyKeys(companyInput);

  // New people in a fixed order (by email), so simultaneous submits cannot deadlock.
  const people = request.userInfo.map((user, position) => ({
    user,
    position,
    email: emails[position] ?? '',
    known: found.users.get(emails[position] ?? ''),
  }));
  const newcomers = people
    .filter((person) => !person.known)
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));

  return client.transaction(async () => {
    const [first] = await client.run<{
      submission_id: number;
      claimed: number;
      company_id: number;
      company_created: boolean;
      user_ids: Record<string, number>;
    }>(FIRST_WRITE, [
      links,
      organization.id,
      companyId,
      companyId,
      ...exactCompanyParams(companyInput, keys),
      companyId,
      ...companyInsertParams(companyInput, keys),
      options.idempotencyKey ?? null,
      options.requestHash,
      organization.id,
      json({
        companyInfo: request.companyInfo,
        userInfo: request.userInfo,
        testKitInfo: request.testKitInfo,
      }),
      CODES.success,
      json(
        newcomers.map(({ user }, n) => ({
          type: user.userType,
          first_name: user.userFirstName,
          last_name: user.userLastName,
          email: user.userEmail,
          phone: user.userPhone,
          n,
        })),
      ),
    ]);
    if (!first || first.claimed !== links.length) throw new DocumentsTakenError();
    const submissionId = first.submission_id;
    const company = first.company_id;
    faultPoint('after-documents');
    faultPoint('after-company');
    faultPoint('after-users');

    const ids = new Map(
      people.flatMap((person) => (person.known ? [[person.email, person.known.id]] : [])),
    );
    for (const [email, id] of Object.entries(first.user_ids)) ids.set(email, id);
    const userId = (position: number) => ids.get(emails[position] ?? '');

    const answer = { code: CODES.success, message: { submissionId } };
    const notification = stagedEmailParams(
      signupNotification({
        submissionId,
        organization,
        company: companyInput,
        existingCompany: !first.company_created,
        users: people.map(({ user, known }) => ({ ...user, alreadyKnown: Boolean(known) })),
        testKits: request.testKitInfo,
        consoleUrl: `${options.publicUrl}/scadmin`,
      }),
    );
    await client.run(REST_WRITE, [
      json(people.map((person) => ({ user_id: userId(person.position) }))),
      company,
      organization.id,
      company,
      submissionId,
      options.language ?? DEFAULT_LANGUAGE,
      json(
        request.userInfo.flatMap((user, position) =>
          user.userCerts.map((cert) => {
            const agency = organization.rules.agencies[String(cert.certAgency)];
            return {
              user_id: userId(position),
              number: cert.certNum,
              expires_on: cert.certExp,
              agency_id: cert.certAgency,
              agency_name: agency?.agency ?? '',
              type_id: cert.certType,
              type_name: agency?.associatedTypes[String(cert.certType)] ?? '',
              document_id: cert.certDocLink,
            };
          }),
        ),
      ),
      company,
      organization.id,
      submissionId,
      json(
        request.testKitInfo.map((kit) => ({
          serial: kit.kitSerial,
          manufacturer: kit.kitMfr,
          model: kit.kitModel,
          calibrated_on: kit.kitCalibDate,
          document_id: kit.kitCalibDocLink,
        })),
      ),
      ...notification,
    ]);
    faultPoint('before-commit');
    return { answer, replayed: false };
  });
}
