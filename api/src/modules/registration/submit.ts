import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../../shared/i18n/languages.js';
import { normalizeEmail } from '../../../../shared/registration.js';
import { emptyFinalErrors, hasFinalErrors } from '../../../../shared/registration-errors.js';
import { type PooledClient, withPooledClient } from '../../db/pooled-client.js';
import { AppError } from '../../errors.js';
import { faultPoint } from '../../testing/fault-points.js';
import { stagedEmailRow } from '../email/outbox.js';
import { registrationSubmitted } from '../webhooks/payloads.js';
import { replayOf, requestHash } from './idempotency.js';
import type { LinkCache } from './link-cache.js';
import { signupNotification } from './notification.js';
import {
  type LinkedOrganization,
  linkedOrganization,
  linkRowFor,
  possibleHash,
} from './organization-link.js';
import { findStoredSubmission, writeSubmissionFirst, writeSubmissionRest } from './queries.js';
import {
  type CheckedSubmit,
  checkedSubmit,
  databaseProblems,
  documentReferences,
  finalErrors,
  onFile,
  submittedCredentials,
} from './submit-checks.js';

// The final submit: re-validates everything, then writes company, people, registrations,
// certifications, kits, document attachments, the submission and the staged notification in
// one transaction. Emails identify people platform-wide; the unique indexes decide races.
//
// It is the platform's busiest write, so it speaks plain SQL in a few set-based named statements
// (queries.ts) on a pooled connection instead of a unit of work: the organization from the link
// cache, one read, and two writes inside the transaction. See docs/decisions.md, "The final
// submit writes with plain SQL".

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

export function submitRegistration(
  em: EntityManager,
  body: unknown,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  return withPooledClient(em, (client) => submitOn(client, body, options));
}

/** The answer stored for the key, replayed for this body; undefined when the key is new. */
async function storedAnswer(
  client: PooledClient,
  key: string | null,
  hash: string,
): Promise<SubmitOutcome | undefined> {
  if (!key) return undefined;
  const stored = await findStoredSubmission(client, key);
  return stored ? { answer: replayOf(stored, hash) as Submitted, replayed: true } : undefined;
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
  const row = formHash ? await linkRowFor(client, formHash, options.cache) : null;
  let organization: LinkedOrganization;
  let submitted: CheckedSubmit;
  try {
    organization = linkedOrganization(row);
    submitted = checkedSubmit(body, organization);
  } catch (error) {
    // A retry replays the earlier answer even if the link has expired or the rules changed.
    const replay = await storedAnswer(client, key, hash);
    if (replay) return replay;
    throw error;
  }

  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await attemptSubmit(client, organization, submitted, {
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
        const message = emptyFinalErrors({ credentials: Boolean(submitted.credentials) });
        message.generalErrors.push(MESSAGES.apiSubmissionError);
        throw finalErrors(message);
      }
      throw error;
    }
  }
}

async function attemptSubmit(
  client: PooledClient,
  organization: LinkedOrganization,
  submitted: CheckedSubmit,
  options: SubmitOptions & { requestHash: string },
): Promise<SubmitOutcome> {
  const { request, credentials } = submitted;
  const emails = request.userInfo.map((user) => normalizeEmail(user.userEmail));
  const links = [...new Set(documentReferences(submitted).map((reference) => reference.link))];
  const key = options.idempotencyKey ?? null;
  const found = await onFile(client, organization, request, key, emails, links);
  if (found.stored) {
    return { answer: replayOf(found.stored, options.requestHash) as Submitted, replayed: true };
  }
  const problems = databaseProblems(submitted, found);
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

  return client.transaction(async () => {
    const first = await writeSubmissionFirst(client, {
      documentIds: links,
      organizationId: organization.id,
      namedCompanyId: companyInput.companyID ?? null,
      company: companyInput,
      idempotencyKey: key,
      requestHash: options.requestHash,
      payload: {
        companyInfo: request.companyInfo,
        userInfo: request.userInfo,
        testKitInfo: request.testKitInfo,
        ...(credentials ?? {}),
      },
      successCode: CODES.success,
      newcomers: newcomers.map(({ user }) => ({
        type: user.userType,
        firstName: user.userFirstName,
        lastName: user.userLastName,
        email: user.userEmail,
        phone: user.userPhone,
      })),
    });
    if (!first || first.claimed !== links.length) throw new DocumentsTakenError();
    const submissionId = first.submission_id;
    const company = first.company_id;
    faultPoint('after-first-write');

    const ids = new Map(
      people.flatMap((person) => (person.known ? [[person.email, person.known.id]] : [])),
    );
    for (const [email, id] of Object.entries(first.user_ids)) ids.set(email, id);
    const userId = (position: number) => {
      const id = ids.get(emails[position] ?? '');
      // Every person is on file or was just inserted, under the email PostgreSQL lower-cased.
      if (id === undefined) throw new Error('a person of the submit has no id');
      return id;
    };

    const recorded = submittedCredentials(submitted, organization, userId);
    await writeSubmissionRest(client, {
      userIds: people.map((person) => userId(person.position)),
      companyId: company,
      organizationId: organization.id,
      submissionId,
      language: options.language ?? DEFAULT_LANGUAGE,
      idempotencyKey: key,
      certifications: request.userInfo.flatMap((user, position) =>
        user.userCerts.map((cert) => {
          const agency = organization.rules.agencies[String(cert.certAgency)];
          return {
            userId: userId(position),
            number: cert.certNum,
            expiresOn: cert.certExp,
            agencyId: cert.certAgency,
            agencyName: agency?.agency ?? '',
            typeId: cert.certType,
            typeName: agency?.associatedTypes[String(cert.certType)] ?? '',
            documentId: cert.certDocLink,
          };
        }),
      ),
      testKits: request.testKitInfo.map((kit) => ({
        serial: kit.kitSerial,
        manufacturer: kit.kitMfr,
        model: kit.kitModel,
        calibratedOn: kit.kitCalibDate,
        documentId: kit.kitCalibDocLink,
      })),
      credentials: recorded,
      notification: stagedEmailRow(
        signupNotification({
          submissionId,
          organization,
          company: companyInput,
          existingCompany: !first.company_created,
          companyCredentials: recorded.filter((credential) => credential.userId === null),
          users: people.map(({ user, known, position }) => ({
            ...user,
            alreadyKnown: Boolean(known),
            credentials: recorded.filter((credential) => credential.userId === userId(position)),
          })),
          testKits: request.testKitInfo,
          consoleUrl: `${options.publicUrl}/scadmin/review`,
        }),
      ),
      events: people.map(({ user, position }) =>
        registrationSubmitted(
          {
            user_id: userId(position),
            organization_id: organization.id,
            company_id: company,
            first_name: user.userFirstName,
            last_name: user.userLastName,
            organization_name: organization.name,
          },
          'form',
        ),
      ),
    });
    faultPoint('before-commit');
    return { answer: { code: CODES.success, message: { submissionId } }, replayed: false };
  });
}
