import { CODES, MESSAGES } from '../../../../shared/codes.js';
import type { TOrgInfo } from '../../../../shared/registration.js';
import { apiGet, isFetchFailure } from '../api.js';

/** The public organization info of spec section 3, as GET /api/tr/get/orginfo answers it. */
export type TPublicOrgInfo = TOrgInfo;

export type TOrgLookup =
  | { state: 'found'; org: TPublicOrgInfo }
  | { state: 'invalid'; code: string; message: string }
  | { state: 'unreachable' };

/** The 'Uh Oh' message for a failed lookup (spec section 8). */
export function invalidLinkMessage(code: string): string {
  if (code === CODES.orgUrlInvalid) return MESSAGES.orgUrlInvalid;
  if (code === CODES.orgUrlExpired) return MESSAGES.orgUrlExpired;
  return MESSAGES.otherOrgLookup;
}

export async function lookUpOrganization(hash: string): Promise<TOrgLookup> {
  const answer = await apiGet<{ orgInfo: TPublicOrgInfo }>(
    `/api/tr/get/orginfo/${encodeURIComponent(hash)}`,
  );
  if (isFetchFailure(answer)) return { state: 'unreachable' };
  if (answer.code === CODES.validUrl && answer.message?.orgInfo) {
    return { state: 'found', org: answer.message.orgInfo };
  }
  return { state: 'invalid', code: answer.code, message: invalidLinkMessage(answer.code) };
}
