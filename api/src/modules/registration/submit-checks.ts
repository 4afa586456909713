import { CODES, MESSAGES } from '../../../../shared/codes.js';
import {
  createCredentialsSchema,
  credentialRecords,
  type TCredential,
  ZSubmitCredentialsShape,
} from '../../../../shared/credentials.js';
import {
  createSubmitAllSchema,
  normalizeEmail,
  type TSubmitAllRequest,
} from '../../../../shared/registration.js';
import {
  emptyFinalErrors,
  finalErrorsFrom,
  type TFinalErrorsMessage,
} from '../../../../shared/registration-errors.js';
import { shapeProblem, shapeProblemMessage } from '../../../../shared/request-shape.js';
import type { PooledClient } from '../../db/pooled-client.js';
import { AppError } from '../../errors.js';
import type { LinkedOrganization } from './organization-link.js';
import { findOnFile, type StoredSubmission, type SubmittedCredential } from './queries.js';
import { cachedByRules } from './schema-cache.js';
import { UNPROCESSABLE } from './validation.js';

// What the final submit checks before it writes: the body by the organization's rules (its
// credentials too, where it asks for some), then, in one read, what the body refers to that is
// on file (people, documents, the company) and where each problem lands for the person to fix.

export const finalErrors = (message: TFinalErrorsMessage) =>
  new AppError(UNPROCESSABLE, CODES.finalErrors, message);

const submitSchema = cachedByRules(createSubmitAllSchema);
const credentialsSchema = cachedByRules(createCredentialsSchema);

/** The company's and each person's checked credentials (by position in userInfo), by type id. */
export interface CheckedCredentials {
  companyCredentials: Record<string, TCredential>;
  userCredentials: Record<string, TCredential>[];
}

/** The submit as its rules read it; credentials only for an organization that asks for some. */
export interface CheckedSubmit {
  request: TSubmitAllRequest;
  credentials: CheckedCredentials | null;
}

/**
 * The body by the organization's rules, or FINAL ERRORS with every problem. An organization that
 * asks for no credential reads the body as the spec's submit (credential fields are ignored, as
 * every field the submit does not know); one that asks for some also reads its credential
 * fields: their JSON shape (a 400, as for every body), then their rules, whose problems join the
 * others in one answer (with the credential keys).
 */
export function checkedSubmit(body: unknown, organization: LinkedOrganization): CheckedSubmit {
  const parsed = submitSchema(organization.rules).safeParse(body);
  const { credentialRules } = organization;
  if (!credentialRules) {
    if (!parsed.success) throw finalErrors(finalErrorsFrom(parsed.error.issues));
    return { request: parsed.data, credentials: null };
  }
  const shape = shapeProblem(ZSubmitCredentialsShape, body);
  if (shape) throw AppError.badRequest(shapeProblemMessage(shape));
  const credentials = credentialsSchema(credentialRules).safeParse(body);
  if (!parsed.success || !credentials.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(credentials.error?.issues ?? [])];
    throw finalErrors(finalErrorsFrom(issues, { credentials: true }));
  }
  return { request: parsed.data, credentials: credentials.data };
}

interface ExistingUser {
  id: number;
  type: string;
  registeredHere: boolean;
}

export interface OnFile {
  /** What an earlier submit with the same Idempotency-Key stored. */
  stored: StoredSubmission | null;
  /** People already on file, by normalized email. */
  users: Map<string, ExistingUser>;
  /** Document links of this organization not attached to anything yet. */
  usableDocuments: Set<string>;
  /** Whether the company the submit names (companyID) exists. */
  companyFound: boolean;
}

/** An earlier answer for the key and what the submit refers to that is on file, in one read. */
export async function onFile(
  client: PooledClient,
  organization: LinkedOrganization,
  request: TSubmitAllRequest,
  key: string | null,
  emails: string[],
  links: string[],
): Promise<OnFile> {
  const row = await findOnFile(client, {
    idempotencyKey: key,
    organizationId: organization.id,
    emails,
    documentIds: links,
    namedCompanyId: request.companyInfo[0]?.companyID ?? null,
  });
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

type DocumentReference = { link: string; mark: (message: TFinalErrorsMessage) => void };

/** The credentials' document links, each marking its credential's documentLink. */
function credentialReferences(credentials: CheckedCredentials | null): DocumentReference[] {
  if (!credentials) return [];
  const references: DocumentReference[] = [];
  const add = (
    entries: Record<string, TCredential>,
    errorsOf: (message: TFinalErrorsMessage) => Record<string, Record<string, string>>,
  ) => {
    for (const [typeId, credential] of Object.entries(entries)) {
      references.push({
        link: credential.documentLink,
        mark: (message) => {
          const errors = errorsOf(message);
          errors[typeId] ??= {};
          errors[typeId].documentLink ??= MESSAGES.documentLinkInvalid;
        },
      });
    }
  };
  add(credentials.companyCredentials, (message) => {
    message.companyCredentialErrors ??= {};
    return message.companyCredentialErrors;
  });
  credentials.userCredentials.forEach((entries, position) => {
    add(entries, (message) => {
      message.credentialErrors ??= {};
      message.credentialErrors[position] ??= {};
      return message.credentialErrors[position];
    });
  });
  return references;
}

/** Every document link with where it was used, for per-field messages. */
export function documentReferences({ request, credentials }: CheckedSubmit) {
  const references = credentialReferences(credentials);
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
export function databaseProblems(submitted: CheckedSubmit, found: OnFile): TFinalErrorsMessage {
  const { request } = submitted;
  const message = emptyFinalErrors({ credentials: Boolean(submitted.credentials) });
  if (!found.companyFound) message.company_errors.companyID = MESSAGES.companyNotFound;
  for (const reference of documentReferences(submitted)) {
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
 * The credentials as recorded: the company's (no person: copied to each registration of the
 * submission) and each tester's, of the types the organization asks of them.
 */
export function submittedCredentials(
  submitted: CheckedSubmit,
  organization: LinkedOrganization,
  userId: (position: number) => number,
): SubmittedCredential[] {
  const { credentials } = submitted;
  const rules = organization.credentialRules;
  if (!credentials || !rules) return [];
  return [
    ...credentialRecords(credentials.companyCredentials, rules, 'company').map((record) => ({
      ...record,
      userId: null,
    })),
    ...credentials.userCredentials.flatMap((entries, position) =>
      credentialRecords(entries, rules, 'tester').map((record) => ({
        ...record,
        userId: userId(position),
      })),
    ),
  ];
}
