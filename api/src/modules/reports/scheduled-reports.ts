import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_FREQUENCIES } from '../../../../shared/constants.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { Organization } from '../../db/entities/index.js';
import type { MailAttachment } from '../email/mailer.js';
import { stageEmail } from '../email/outbox.js';
import { csvReport } from './exports.js';
import { reportFileName } from './generate.js';
import { newRegistrationCount } from './queries.js';
import { isDue, localDateOf } from './report-frequency.js';

interface ScheduledRunResult {
  /** Organizations whose report was staged in the outbox. */
  staged: number[];
  /** Organizations due today with nothing new. */
  nothingNew: number[];
  failed: number[];
}

/** The outbox attachment of a scheduled report: the Users report of one window. */
export const SCHEDULED_REPORT_ATTACHMENT = 'scheduled-report';

interface ScheduledReportAttachment {
  type: typeof SCHEDULED_REPORT_ATTACHMENT;
  organizationId: number;
  organizationName: string;
  /** The window, as ISO instants: registrations after `after`, up to and including `until`. */
  after: string;
  until: string;
}

/**
 * Stages, for each active organization whose frequency is due today, the Users report of the
 * registrations since its last report. Nothing is staged when nothing is new. The message is
 * staged in the transaction that moves the organization's mark, so a crash neither loses a
 * report nor sends one twice; the outbox sends it and renders the file then.
 */
export async function runScheduledReports(
  em: EntityManager,
  options: { now: Date; publicUrl: string; log: FastifyBaseLogger },
): Promise<ScheduledRunResult> {
  const today = localDateOf(options.now);
  const result: ScheduledRunResult = { staged: [], nothingNew: [], failed: [] };
  const organizations = await em.find(
    Organization,
    { allowedUntil: { $gte: todayInProgramZone(options.now) } },
    { orderBy: { id: 'asc' } },
  );
  for (const organization of organizations) {
    if (!isDue(organization.reportFrequency, today)) continue;
    const window = { after: organization.lastReportSentAt ?? new Date(0), until: options.now };
    const count = await newRegistrationCount(em, { organizationId: organization.id, ...window });
    if (count === 0) {
      result.nothingNew.push(organization.id);
      continue;
    }
    try {
      const staged = await em.transactional(async (tx) => {
        // Only advance from the mark this run started from (another run may have moved it).
        const moved = await tx.nativeUpdate(
          Organization,
          { id: organization.id, lastReportSentAt: organization.lastReportSentAt },
          { lastReportSentAt: window.until },
        );
        if (moved === 0) return false;
        const attachment: ScheduledReportAttachment = {
          type: SCHEDULED_REPORT_ATTACHMENT,
          organizationId: organization.id,
          organizationName: organization.name,
          after: window.after.toISOString(),
          until: window.until.toISOString(),
        };
        stageEmail(tx, {
          dedupeKey: `scheduled-${organization.id}-${window.until.getTime()}`,
          kind: 'scheduled-report',
          recipients: [organization.primaryEmail, ...organization.extraEmails],
          subject: `New tester registrations for ${organization.name}`,
          textBody:
            `${count} new registration${count === 1 ? '' : 's'} for ${organization.name} since the last ` +
            `report (${EMAIL_FREQUENCIES[organization.reportFrequency].label}). The Users report is attached.\n\n` +
            `Console: ${options.publicUrl}/scadmin`,
          attachments: [{ ...attachment }],
        });
        return true;
      });
      if (staged) result.staged.push(organization.id);
    } catch (error) {
      options.log.error({ err: error, organizationId: organization.id }, 'scheduled report failed');
      result.failed.push(organization.id);
    }
  }
  return result;
}

/** The attached file of a staged scheduled report, made when the outbox sends it. */
export async function renderScheduledReport(
  em: EntityManager,
  description: Record<string, unknown>,
  publicUrl: string,
): Promise<MailAttachment> {
  const attachment = description as unknown as ScheduledReportAttachment;
  const window = { after: new Date(attachment.after), until: new Date(attachment.until) };
  const scope = { organizationId: attachment.organizationId, range: null, window };
  return {
    filename: reportFileName(attachment.organizationName, 'users'),
    content: await csvReport(em, 'users', scope, { kind: 'link', baseUrl: publicUrl }),
    contentType: 'text/csv; charset=utf-8',
  };
}
