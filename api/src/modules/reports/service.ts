import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../../../shared/codes.js';
import { DELIVERY_METHODS, REPORT_RANGES, REPORT_TYPES } from '../../../../shared/constants.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { checkReportRequest, type TReportRequest } from '../../../../shared/reports.js';
import { Organization } from '../../db/entities/index.js';
import { escapeLike } from '../../db/like.js';
import { inScope, type OrganizationScope } from '../organization-access/scope.js';
import type { DocumentReader } from './exports.js';
import { createReportFile, queueReportEmail } from './generate.js';

// The two report calls of spec section 7. get_reports answers the file itself (download) or
// {emailMessage} once the email is queued; send_email queues an All Time report of one
// organization to an address. Errors answer JSON {message} (and {errors} by field).

/** What get_reports and send_email answer: JSON, or a file to download. */
export type ReportAnswer =
  | { kind: 'json'; status: number; body: Record<string, unknown> }
  | { kind: 'file'; filename: string; contentType: string; body: Readable };

export interface ReportContext {
  publicUrl: string;
  storage: DocumentReader;
  /** Identifies the request (the queued email's dedupe key). */
  requestId: string;
}

const invalid = (
  message: string,
  errors: Record<string, string | undefined> = {},
): ReportAnswer => ({
  kind: 'json',
  status: 422,
  body: { message, errors },
});

/** Queues the report for the recipient: {emailMessage}. */
async function emailed(
  em: EntityManager,
  request: TReportRequest,
  recipient: string,
  context: ReportContext,
): Promise<ReportAnswer> {
  const emailMessage = await queueReportEmail(em, request, recipient, context.requestId);
  return { kind: 'json', status: 200, body: { emailMessage } };
}

/** POST /api/sc/get/get_reports/{orgId}: the path names the organization (or All). */
export async function generateReport(
  em: EntityManager,
  orgId: string,
  body: Record<string, unknown>,
  context: ReportContext,
): Promise<ReportAnswer> {
  const check = checkReportRequest({ ...body, orgId }, todayInProgramZone());
  if (!check.ok) return invalid(check.message, check.errors);
  const { request } = check;
  if (request.delivery.method === 'email') {
    return emailed(em, request, request.delivery.recipient, context);
  }
  const file = await createReportFile(em, request, context);
  return {
    kind: 'file',
    filename: file.fileName,
    contentType: file.contentType,
    body: file.stream,
  };
}

/** POST /api/sc/get/send_email/{orgName} {email, org_name, selected_report}. */
export async function emailReport(
  em: EntityManager,
  scope: OrganizationScope,
  orgName: string,
  body: Record<string, unknown>,
  context: ReportContext,
): Promise<ReportAnswer> {
  const name = typeof body.org_name === 'string' && body.org_name.trim() ? body.org_name : orgName;
  const organization = await em.findOne(
    Organization,
    { name: { $ilike: escapeLike(name.trim()) } },
    { fields: ['id'] },
  );
  // Another organization's, for an organization's person, is one they cannot choose.
  if (!organization || !inScope(scope, organization.id))
    return invalid(MESSAGES.selectValidOrganization, {
      org_name: MESSAGES.selectValidOrganization,
    });
  const check = checkReportRequest(
    {
      orgId: organization.id,
      range: REPORT_RANGES.allTime,
      deliveryMethod: DELIVERY_METHODS.email,
      recipientEmail: typeof body.email === 'string' ? body.email : '',
      reportType:
        typeof body.selected_report === 'string' ? body.selected_report : REPORT_TYPES.users,
    },
    todayInProgramZone(),
  );
  if (!check.ok) {
    const { recipientEmail, reportType } = check.errors;
    return invalid(check.message, { email: recipientEmail, selected_report: reportType });
  }
  const { request } = check;
  if (request.delivery.method !== 'email') return invalid(MESSAGES.enterEmail);
  return emailed(em, request, request.delivery.recipient, context);
}
