import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import {
  certificationRulesFromOrgInfo,
  createValidateTestersRequestSchema,
  fillMessage,
  type TCompanyMatch,
  ZValidateAdminsRequest,
  ZValidateCompanyRequest,
  ZValidateTestersRequest,
  ZValidateTestKitsRequest,
  ZValidateUserTypeRequest,
} from '../../../../shared/registration.js';
import {
  adminErrorsFrom,
  companyErrorsFrom,
  testerErrorsFrom,
  testKitErrorsFrom,
} from '../../../../shared/registration-errors.js';
import { AppError } from '../../errors.js';
import { matchCompany } from '../companies/matching.js';
import type { LinkCache } from './link-cache.js';
import { organizationInfoForLink } from './organization-link.js';
import { cachedByRules } from './schema-cache.js';

// The wizard's step checks: each parses with the shared rules and answers with the spec's codes.
// Rule failures are 422 with the code the client reads; successes are 200.

export const UNPROCESSABLE = 422;

const success = (message: string): TApiAnswer<string> => ({ code: CODES.success, message });

export function validateUserType(body: unknown): TApiAnswer<string> {
  const result = ZValidateUserTypeRequest.safeParse(body);
  if (!result.success) {
    throw new AppError(UNPROCESSABLE, CODES.userTypeError, MESSAGES.userTypeRequired);
  }
  return success(fillMessage(MESSAGES.userTypeAccepted, { userType: result.data.userType }));
}

export type CompanyAnswer =
  | TApiAnswer<{ match_found: number }>
  | TApiAnswer<{ possible_matches: TCompanyMatch[] }>
  | TApiAnswer<string>;

export async function validateCompany(em: EntityManager, body: unknown): Promise<CompanyAnswer> {
  const result = ZValidateCompanyRequest.safeParse(body);
  if (!result.success) {
    throw new AppError(UNPROCESSABLE, CODES.companyErrors, companyErrorsFrom(result.error.issues));
  }
  const [company] = result.data.companyInfo;
  if (!company) throw AppError.badRequest();
  const match = await matchCompany(em, company);
  if (match.kind === 'exact') {
    return { code: CODES.exactMatch, message: { match_found: match.companyId } };
  }
  if (match.kind === 'possible') {
    return { code: CODES.possibleMatches, message: { possible_matches: match.matches } };
  }
  return { code: CODES.noMatches, message: MESSAGES.companyNoMatches };
}

export function validateAdmins(body: unknown): TApiAnswer<string> {
  const result = ZValidateAdminsRequest.safeParse(body);
  if (!result.success) {
    throw new AppError(UNPROCESSABLE, CODES.adminErrors, adminErrorsFrom(result.error.issues));
  }
  return success(MESSAGES.adminsValid);
}

const testersSchema = cachedByRules(createValidateTestersRequestSchema);

/** With a hashValue the organization's certification count, agencies and types apply. */
export async function validateTesters(
  em: EntityManager,
  body: unknown,
  cache?: LinkCache,
): Promise<TApiAnswer<string>> {
  const hash =
    body && typeof body === 'object' ? (body as { hashValue?: unknown }).hashValue : undefined;
  const schema =
    hash === undefined || hash === null || hash === ''
      ? ZValidateTestersRequest
      : testersSchema(
          certificationRulesFromOrgInfo(await organizationInfoForLink(em, hash, { cache })),
        );
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new AppError(UNPROCESSABLE, CODES.testerErrors, testerErrorsFrom(result.error.issues));
  }
  return success(MESSAGES.testersValid);
}

export function validateTestKits(body: unknown): TApiAnswer<string> {
  const result = ZValidateTestKitsRequest.safeParse(body);
  if (!result.success) {
    throw new AppError(UNPROCESSABLE, CODES.testKitErrors, testKitErrorsFrom(result.error.issues));
  }
  return success(MESSAGES.testKitsValid);
}
