import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import {
  createSubmitAllSchema,
  emptyFinalErrors,
  finalErrorsFrom,
  hasFinalErrors,
  normalizeEmail,
  type TFinalErrorsMessage,
  type TSubmitAllRequest,
} from '../../../../shared/registration.js';
import { AppError } from '../../errors.js';
import { faultPoint } from '../../testing/fault-points.js';
import { companyInsert } from '../companies/create.js';
import { exactCompanyQuery } from '../companies/matching.js';
import { companyKeys } from '../companies/normalize.js';
import { stagedEmailInsert } from '../email/outbox.js';
import {
  replayOf,
  requestHash,
  type StoredSubmission,
  storedAnswer,
  storedSubmissionSql,
} from './idempotency.js';
import { signupNotification } from './notification.js';
import {
  type LinkedOrganization,
  type LinkedOrganizationRow,
  linkedOrganization,
  linkedOrganizationSql,
  possibleHash,
} from './organization-link.js';
import { cachedByRules } from './schema-cache.js';
import { UNPROCESSABLE } from './validation.js';

// The final submit: re-validates everything, then writes company, people, registrations,
// certifications, kits, document attachments, the submission and the staged notification in
// one transaction. Emails identify people platform-wide; the unique indexes decide races.
//
// It is the platform's busiest write, so it speaks plain SQL in a few set-based statements
// (two reads before, three writes inside the transaction) instead of a unit of work: see
// docs/decisions.md, "The final submit writes with plain SQL".

export interface SubmitOptions {
  idempotencyKey?: string | undefined;
  /** Base of the console link in the notification. */
  publicUrl: string;
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

export async function submitRegistration(
  em: EntityManager,
  body: unknown,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  const hash = requestHash(body);
  const key = options.idempotencyKey ?? null;
  const hashValue =
    body && typeof body === 'object' ? (body as { hashValue?: unknown }).hashValue : undefined;
  // One read: an earlier answer for the key (a retry replays it even if the link has expired
  // since) and the organization with its certification rules.
  const [link] = await em.execute<
    { stored: StoredSubmission | null; organization: LinkedOrganizationRow | null }[]
  >(`select ${storedSubmissionSql('?')} as stored, ${linkedOrganizationSql('?')} as organization`, [
    key,
    possibleHash(hashValue),
  ]);
  if (link?.stored) return { answer: replayOf(link.stored, hash) as Submitted, replayed: true };
  const organization = linkedOrganization(link?.organization);
  const parsed = submitSchema(organization.rules).safeParse(body);
  if (!parsed.success) throw finalErrors(finalErrorsFrom(parsed.error.issues));

  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await attemptSubmit(em, organization, parsed.data, {
        ...options,
        requestHash: hash,
      });
      faultPoint('after-commit');
      return { answer, replayed: false };
    } catch (error) {
      if (key && databaseError(error).constraint === IDEMPOTENCY_CONSTRAINT) {
        // A simultaneous request with the same key committed first: answer as it did.
        const replay = await storedAnswer(em, key, hash);
        if (replay) return { answer: replay as Submitted, replayed: true };
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
  /** People already on file, by normalized email. */
  users: Map<string, ExistingUser>;
  /** Document links of this organization not attached to anything yet. */
  usableDocuments: Set<string>;
  /** Whether the company the submit names (companyID) exists. */
  companyFound: boolean;
}

/** What the submit refers to that is already on file, in one read. */
async function onFile(
  em: EntityManager,
  organization: LinkedOrganization,
  request: TSubmitAllRequest,
  emails: string[],
  links: string[],
): Promise<OnFile> {
  const companyId = request.companyInfo[0]?.companyID ?? null;
  // The short lists go in as literal lists (in (?)): the planner then knows how few they are
  // and looks each up by its unique index, however many unattached uploads there are.
  const [row] = await em.execute<
    {
      users: { id: number; type: string; email: string; registered_here: boolean }[];
      documents: string[];
      company_found: boolean;
    }[]
  >(
    `select
       (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'type', u.type,
                 'email', u.email, 'registered_here', exists (
                   select 1 from registrations r
                    where r.user_id = u.id and r.organization_id = ?))), '[]')
          from users u
         where lower(u.email) in (?)) as users,
       (select coalesce(jsonb_agg(d.id), '[]') from documents d
         where ${links.length ? 'd.id in (?)' : 'false'}
           and d.organization_id = ? and d.attached_at is null) as documents,
       (select ?::int is null or exists (select 1 from companies where id = ?::int))
         as company_found`,
    [
      organization.id,
      emails,
      ...(links.length ? [links] : []),
      organization.id,
      companyId,
      companyId,
    ],
  );
  return {
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

async function attemptSubmit(
  em: EntityManager,
  organization: LinkedOrganization,
  request: TSubmitAllRequest,
  options: SubmitOptions & { requestHash: string },
): Promise<Submitted> {
  const emails = request.userInfo.map((user) => normalizeEmail(user.userEmail));
  const links = [...new Set(documentReferences(request).map((reference) => reference.link))];
  const found = await onFile(em, organization, request, emails, links);
  const problems = databaseProblems(request, found);
  if (hasFinalErrors(problems)) throw finalErrors(problems);

  const [companyInput] = request.companyInfo;
  if (!companyInput) throw AppError.badRequest();

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

  return em.fork().transactional(async (tx) => {
    // The submission and the claim of its documents. A simultaneous retry with the same key
    // waits on the submission's unique index and then replays this answer; the claim locks the
    // documents against the sweep and against another submit.
    const [submission] = await tx.execute<{ id: number; claimed: number }[]>(
      `with submission as (
         insert into submissions (idempotency_key, request_hash, organization_id, payload,
                                  response)
         values (?, ?, ?, ?::jsonb, '{}') returning id),
       claimed as (
         update documents set attached_at = now()
          where ${links.length ? 'id in (?)' : 'false'}
            and organization_id = ? and attached_at is null
         returning id)
       select (select id from submission) as id, (select count(*) from claimed)::int as claimed`,
      [
        options.idempotencyKey ?? null,
        options.requestHash,
        organization.id,
        json({
          companyInfo: request.companyInfo,
          userInfo: request.userInfo,
          testKitInfo: request.testKitInfo,
        }),
        ...(links.length ? [links] : []),
        organization.id,
      ],
    );
    if (submission?.claimed !== links.length) throw new DocumentsTakenError();
    const submissionId = submission.id;
    faultPoint('after-documents');

    const { company, userIds } = await companyAndNewcomers(tx, companyInput, newcomers);
    faultPoint('after-company');
    faultPoint('after-users');
    const ids = new Map(
      people.flatMap((person) => (person.known ? [[person.email, person.known.id]] : [])),
    );
    for (const [email, id] of userIds) ids.set(email, id);

    const answer = { code: CODES.success, message: { submissionId } };
    const notification = stagedEmailInsert(
      signupNotification({
        submissionId,
        organization,
        company: companyInput,
        existingCompany: !company.created,
        users: people.map(({ user, known }) => ({ ...user, alreadyKnown: Boolean(known) })),
        testKits: request.testKitInfo,
        consoleUrl: `${options.publicUrl}/scadmin`,
      }),
    );
    const userId = (position: number) => ids.get(emails[position] ?? '');
    // Everything else in one statement: each WITH part runs whether or not it is referred to.
    await tx.execute(
      `with people as (
         select * from jsonb_to_recordset(?::jsonb) as p(user_id int)),
       linked as (
         insert into user_companies (user_id, company_id)
         select user_id, ? from people order by user_id
         on conflict do nothing),
       registered as (
         insert into registrations (user_id, organization_id, company_id, submission_id)
         select user_id, ?, ?, ? from people order by user_id
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
                calibrated_on date, document_id uuid)),
       notified as (${notification.sql})
       update submissions set company_id = ?, response = ?::jsonb where id = ?`,
      [
        json(people.map((person) => ({ user_id: userId(person.position) }))),
        company.id,
        organization.id,
        company.id,
        submissionId,
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
        company.id,
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
        ...notification.params,
        company.id,
        json(answer),
        submissionId,
      ],
    );
    faultPoint('before-commit');
    return answer;
  });
}

/**
 * In one statement: the company the people work for (the one the submit names, else one on file
 * with the same keys, else a new one) and the people not yet on file, inserted in the given
 * order. Answers the company and the new people's ids by lower-cased email.
 */
async function companyAndNewcomers(
  tx: EntityManager,
  company: TSubmitAllRequest['companyInfo'][number],
  newcomers: { user: TSubmitAllRequest['userInfo'][number] }[],
): Promise<{ company: { id: number; created: boolean }; userIds: Map<string, number> }> {
  const keys = companyKeys(company);
  // found: the named company or one on file with the same keys; made: a new one when none is.
  const [found, made] = company.companyID
    ? [
        { sql: 'select ?::int as id', params: [company.companyID] },
        { sql: 'select null::int as id where false', params: [] },
      ]
    : [
        exactCompanyQuery(company, keys),
        companyInsert(company, keys, 'not exists (select 1 from found)'),
      ];
  const rows = await tx.execute<{ id: number; created: boolean | null; email: string | null }[]>(
    `with found as (${found.sql}),
     made as (${made.sql}),
     newcomers as (
       insert into users (type, first_name, last_name, email, phone)
       select type, first_name, last_name, email, phone
         from jsonb_to_recordset(?::jsonb) as x(type text, first_name text, last_name text,
              email text, phone text, n int)
        order by n
       returning id, lower(email) as email)
     select id, false as created, null as email from found
     union all select id, true, null from made
     union all select id, null, email from newcomers`,
    [
      ...found.params,
      ...made.params,
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
    ],
  );
  const chosenCompany = rows.find((row) => row.email === null);
  if (!chosenCompany) throw new Error('the company was neither found nor created');
  return {
    company: { id: chosenCompany.id, created: Boolean(chosenCompany.created) },
    userIds: new Map(
      rows.flatMap((row) => (row.email === null ? [] : [[row.email, row.id] as const])),
    ),
  };
}
