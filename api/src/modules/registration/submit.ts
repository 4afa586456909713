import {
  DeadlockException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import {
  createSubmitAllSchema,
  emptyFinalErrors,
  finalErrorsFrom,
  hasFinalErrors,
  normalizeEmail,
  type TCertificationRules,
  type TFinalErrorsMessage,
  type TSubmitAllRequest,
} from '../../../../shared/registration.js';
import {
  Certification,
  Company,
  Organization,
  Registration,
  Submission,
  TestKit,
  type TOrganization,
  User,
  UserCompany,
} from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { faultPoint } from '../../testing/fault-points.js';
import { createCompany } from '../companies/create.js';
import { findExactCompany } from '../companies/matching.js';
import { requestHash, storedAnswer } from './idempotency.js';
import { stageSignupNotification } from './notification.js';
import { certificationRules, organizationForLink } from './organization-link.js';
import { type Answer, UNPROCESSABLE } from './validation.js';

// The final submit: re-validates everything, then writes company, people, registrations,
// certifications, kits, document attachments, the submission and the staged notification in
// one transaction. Emails identify people platform-wide; the unique indexes decide races.

export interface SubmitOptions {
  idempotencyKey?: string | undefined;
  /** Base of the console link in the notification. */
  publicUrl: string;
}

export interface SubmitOutcome {
  answer: Answer<{ submissionId: number }>;
  replayed: boolean;
}

const finalErrors = (message: TFinalErrorsMessage) =>
  new AppError(UNPROCESSABLE, CODES.finalErrors, message);

/** Races the database settles by refusing one side; a fresh attempt sees the winner's rows. */
const MAX_ATTEMPTS = 3;

function isRetryable(error: unknown): boolean {
  return (
    error instanceof DeadlockException ||
    error instanceof ForeignKeyConstraintViolationException ||
    (error instanceof UniqueConstraintViolationException &&
      (error as { constraint?: string }).constraint !== 'submissions_idempotency_key_unique')
  );
}

class DocumentsTakenError extends Error {}

export async function submitRegistration(
  em: EntityManager,
  body: unknown,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  const hash = requestHash(body);
  const key = options.idempotencyKey;
  if (key) {
    const replay = await storedAnswer(em.fork(), key, hash);
    if (replay) return { answer: replay as SubmitOutcome['answer'], replayed: true };
  }
  const hashValue =
    body && typeof body === 'object' ? (body as { hashValue?: unknown }).hashValue : undefined;
  const organization = await organizationForLink(em, hashValue);
  const rules = await certificationRules(em, organization);
  const parsed = createSubmitAllSchema(rules).safeParse(body);
  if (!parsed.success) throw finalErrors(finalErrorsFrom(parsed.error.issues));

  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await attemptSubmit(em.fork(), organization, rules, parsed.data, {
        ...options,
        requestHash: hash,
      });
      faultPoint('after-commit');
      return { answer, replayed: false };
    } catch (error) {
      if (
        key &&
        error instanceof UniqueConstraintViolationException &&
        (error as { constraint?: string }).constraint === 'submissions_idempotency_key_unique'
      ) {
        // A simultaneous request with the same key committed first: answer as it did.
        const replay = await storedAnswer(em.fork(), key, hash);
        if (replay) return { answer: replay as SubmitOutcome['answer'], replayed: true };
      }
      if ((isRetryable(error) || error instanceof DocumentsTakenError) && attempt < MAX_ATTEMPTS) {
        continue;
      }
      if (isRetryable(error) || error instanceof DocumentsTakenError) {
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
  email: string;
  registeredHere: boolean;
}

async function existingUsers(
  em: EntityManager,
  organization: TOrganization,
  emails: string[],
): Promise<Map<string, ExistingUser>> {
  const rows = await em
    .getConnection()
    .execute<{ id: number; type: string; email: string; registered_here: boolean }[]>(
      `select u.id, u.type, u.email,
            exists (select 1 from registrations r
                     where r.user_id = u.id and r.organization_id = ?) as registered_here
       from users u
      where lower(u.email) in (?)`,
      [organization.id, emails],
    );
  return new Map(
    rows.map((row) => [
      normalizeEmail(row.email),
      { id: row.id, type: row.type, email: row.email, registeredHere: row.registered_here },
    ]),
  );
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
async function databaseProblems(
  em: EntityManager,
  organization: TOrganization,
  request: TSubmitAllRequest,
  existing: Map<string, ExistingUser>,
): Promise<TFinalErrorsMessage> {
  const message = emptyFinalErrors();
  const [company] = request.companyInfo;
  if (company?.companyID && !(await em.count(Company, { id: company.companyID }))) {
    message.company_errors.companyID = MESSAGES.companyNotFound;
  }

  const references = documentReferences(request);
  const links = [...new Set(references.map((reference) => reference.link))];
  const usable = new Set(
    links.length
      ? (
          await em.getConnection().execute<{ id: string }[]>(
            `select id from documents
              where id in (?) and organization_id = ? and attached_at is null`,
            [links, organization.id],
          )
        ).map((row) => row.id)
      : [],
  );
  for (const reference of references) {
    if (!usable.has(reference.link)) reference.mark(message);
  }

  request.userInfo.forEach((user, position) => {
    const known = existing.get(normalizeEmail(user.userEmail));
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
  organization: TOrganization,
  rules: TCertificationRules,
  request: TSubmitAllRequest,
  options: SubmitOptions & { requestHash: string },
): Promise<SubmitOutcome['answer']> {
  const organizationRef = em.getReference(Organization, organization.id);
  const emails = request.userInfo.map((user) => normalizeEmail(user.userEmail));
  const existing = await existingUsers(em, organizationRef, emails);
  const problems = await databaseProblems(em, organizationRef, request, existing);
  if (hasFinalErrors(problems)) throw finalErrors(problems);

  const [companyInput] = request.companyInfo;
  if (!companyInput) throw AppError.badRequest();

  return em.transactional(async (tx) => {
    // The submission goes first: a simultaneous retry with the same key waits on its unique
    // index and then replays this answer.
    const submission = tx.create(Submission, {
      idempotencyKey: options.idempotencyKey ?? null,
      requestHash: options.requestHash,
      organization: organizationRef,
      company: null,
      payload: {
        companyInfo: request.companyInfo,
        userInfo: request.userInfo,
        testKitInfo: request.testKitInfo,
      },
      response: {},
    });
    await tx.flush();

    // Claiming the documents first locks them against the sweep and against another submit.
    const links = [...new Set(documentReferences(request).map((reference) => reference.link))];
    if (links.length) {
      const claimed = await tx.getConnection().execute<{ id: string }[]>(
        `update documents set attached_at = now()
          where id in (?) and organization_id = ? and attached_at is null
          returning id`,
        [links, organization.id],
        'all',
        tx.getTransactionContext(),
      );
      if (claimed.length !== links.length) throw new DocumentsTakenError();
      faultPoint('after-documents');
    }

    const matchedId = companyInput.companyID ?? (await findExactCompany(tx, companyInput));
    const company =
      matchedId !== null ? tx.getReference(Company, matchedId) : createCompany(tx, companyInput);
    await tx.flush();
    faultPoint('after-company');

    // New people in a fixed order (by email), so simultaneous submits cannot deadlock.
    const people = request.userInfo
      .map((user, position) => ({ user, position, email: emails[position] ?? '' }))
      .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
      .map(({ user, position, email }) => {
        const known = existing.get(email);
        const record = known
          ? tx.getReference(User, known.id)
          : tx.create(User, {
              type: user.userType,
              firstName: user.userFirstName,
              lastName: user.userLastName,
              email: user.userEmail,
              phone: user.userPhone,
            });
        return { user, position, record, alreadyKnown: Boolean(known) };
      });
    await tx.flush();
    faultPoint('after-users');

    const now = new Date();
    for (const { user, record } of people) {
      await tx
        .createQueryBuilder(UserCompany)
        .insert({ user: record.id, company: company.id, createdAt: now })
        .onConflict(['user', 'company'])
        .ignore()
        .execute();
      const registration = tx.create(Registration, {
        user: record,
        organization: organizationRef,
        company,
        submission,
        enrolled: false,
        registeredAt: now,
      });
      for (const cert of user.userCerts) {
        const agency = rules.agencies[String(cert.certAgency)];
        tx.create(Certification, {
          user: record,
          registration,
          number: cert.certNum,
          expiresOn: cert.certExp,
          agency: cert.certAgency,
          agencyName: agency?.agency ?? '',
          type: cert.certType,
          typeName: agency?.associatedTypes[String(cert.certType)] ?? '',
          document: cert.certDocLink,
        });
      }
    }
    for (const kit of request.testKitInfo) {
      tx.create(TestKit, {
        company,
        organization: organizationRef,
        submission,
        serial: kit.kitSerial,
        manufacturer: kit.kitMfr,
        model: kit.kitModel,
        calibratedOn: kit.kitCalibDate,
        document: kit.kitCalibDocLink,
      });
    }

    stageSignupNotification(tx, {
      submissionId: submission.id,
      organization,
      company: companyInput,
      existingCompany: matchedId !== null,
      users: [...people]
        .sort((a, b) => a.position - b.position)
        .map(({ user, alreadyKnown }) => ({ ...user, alreadyKnown })),
      testKits: request.testKitInfo,
      consoleUrl: `${options.publicUrl}/scadmin`,
    });

    const answer = { code: CODES.success, message: { submissionId: submission.id } };
    submission.company = company;
    submission.response = answer;
    await tx.flush();
    faultPoint('before-commit');
    return answer;
  });
}
