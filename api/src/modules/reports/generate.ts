import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES } from '../../../../shared/codes.js';
import { REPORT_TYPES, type TReportType } from '../../../../shared/constants.js';
import { fillMessage } from '../../../../shared/registration.js';
import { REPORT_MESSAGES, type TReportRequest } from '../../../../shared/reports.js';
import { Organization } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { stageEmail } from '../email/outbox.js';
import { csvReport, type DocumentReader, ieBundle } from './exports.js';

interface ReportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

const REPORT_FILE_SUFFIX: Record<TReportType, string> = {
  users: '_testers.csv',
  serviceProviders: '_service_providers.csv',
  testKits: '_service_provider_test_kits.csv',
  ieBundle: '_ie_bundle.zip',
};

/** {org name with non-name characters stripped}{suffix}: "Springfield Water" → SpringfieldWater_testers.csv. */
export function reportFileName(organizationName: string | null, type: TReportType): string {
  const base = (organizationName ?? 'AllOrganizations').replace(/[^A-Za-z0-9_-]/g, '');
  return `${base || 'Organization'}${REPORT_FILE_SUFFIX[type]}`;
}

interface ReportDependencies {
  publicUrl: string;
  storage: DocumentReader;
}

/** The organization a request names, or the spec's answer when there is none. */
async function reportOrganizationName(
  em: EntityManager,
  request: TReportRequest,
): Promise<string | null> {
  if (request.organizationId === null) return null;
  const organization = await em.findOne(
    Organization,
    { id: request.organizationId },
    { fields: ['name'] },
  );
  if (!organization) {
    throw new AppError(422, CODES.invalid, REPORT_MESSAGES.selectValidOrganization, {
      errors: { orgId: REPORT_MESSAGES.selectValidOrganization },
    });
  }
  return organization.name;
}

/** The report as a named stream: a CSV, or the IE bundle's zip. */
export async function createReportFile(
  em: EntityManager,
  request: TReportRequest,
  dependencies: ReportDependencies,
): Promise<ReportFile> {
  const organizationName = await reportOrganizationName(em, request);
  const scope = { organizationId: request.organizationId, range: request.range };
  const fileName = reportFileName(organizationName, request.type);
  if (request.type === 'ieBundle') {
    return {
      fileName,
      contentType: 'application/zip',
      stream: ieBundle(em, scope, dependencies.storage),
    };
  }
  const stream = await csvReport(em, request.type, scope, {
    kind: 'link',
    baseUrl: dependencies.publicUrl,
  });
  return { fileName, contentType: 'text/csv; charset=utf-8', stream };
}

export const REPORT_ATTACHMENT = 'report';

/**
 * Queues a report for email: the message is staged now and the file is generated when the
 * outbox sends it, so the answer does not wait for a large export.
 */
export async function queueReportEmail(
  em: EntityManager,
  request: TReportRequest,
  recipient: string,
  requestId: string,
): Promise<string> {
  const organizationName = await reportOrganizationName(em, request);
  const label = REPORT_TYPES[request.type];
  const scopeText = request.range ? `${request.range.start} to ${request.range.end}` : 'all time';
  stageEmail(em, {
    dedupeKey: `report:${requestId}`,
    kind: 'report',
    recipients: [recipient],
    subject: `${label} report: ${organizationName ?? 'All Organizations'}`,
    textBody:
      `Attached is the ${label} report for ${organizationName ?? 'all organizations'} (${scopeText}).\n\n` +
      'The file was generated when this message was sent.',
    attachments: [{ type: REPORT_ATTACHMENT, request }],
  });
  await em.flush();
  return fillMessage(REPORT_MESSAGES.emailQueued, { email: recipient });
}
