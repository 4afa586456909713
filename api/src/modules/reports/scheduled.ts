import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_FREQUENCIES } from '../../../../shared/constants.js';
import { Organization } from '../../db/entities/index.js';
import type { Mailer } from '../email/mailer.js';
import { todayUtc } from '../organizations/status.js';
import { csvReport } from './exports.js';
import { reportFileName } from './report-sql.js';
import { isDue, localDateOf } from './schedule.js';

export interface ScheduledRunResult {
  /** Organizations whose report was sent. */
  sent: number[];
  /** Organizations due today with nothing new. */
  nothingNew: number[];
  failed: number[];
}

/**
 * Sends each active organization whose frequency is due today the Users report of the
 * registrations since its last report. Nothing goes out when nothing is new, and the mark only
 * moves forward once the message is accepted by the mail server.
 */
export async function runScheduledReports(
  em: EntityManager,
  options: { now: Date; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
): Promise<ScheduledRunResult> {
  const today = localDateOf(options.now);
  const result: ScheduledRunResult = { sent: [], nothingNew: [], failed: [] };
  const organizations = await em.find(
    Organization,
    { allowedUntil: { $gte: todayUtc(options.now) } },
    { orderBy: { id: 'asc' } },
  );
  for (const organization of organizations) {
    if (!isDue(organization.reportFrequency, today)) continue;
    const window = { after: organization.lastReportSentAt ?? new Date(0), until: options.now };
    const [row] = await em.execute<{ n: number }[]>(
      'select count(*)::int as n from registrations where organization_id = ? and registered_at > ? and registered_at <= ?',
      [organization.id, window.after, window.until],
    );
    if (!row?.n) {
      result.nothingNew.push(organization.id);
      continue;
    }
    try {
      const scope = { organizationId: organization.id, range: null, window };
      const csv = await csvReport(em.fork(), 'users', scope, {
        kind: 'link',
        baseUrl: options.publicUrl,
      });
      await options.mailer.send({
        to: [organization.primaryEmail, ...organization.extraEmails],
        subject: `New tester registrations for ${organization.name}`,
        text:
          `${row.n} new registration${row.n === 1 ? '' : 's'} for ${organization.name} since the last ` +
          `report (${EMAIL_FREQUENCIES[organization.reportFrequency].label}). The Users report is attached.\n\n` +
          `Console: ${options.publicUrl}/scadmin`,
        attachments: [
          {
            filename: reportFileName(organization.name, 'users'),
            content: csv,
            contentType: 'text/csv; charset=utf-8',
          },
        ],
        messageId: `<scheduled-${organization.id}-${window.until.getTime()}@backflow-platform>`,
      });
      // Only advance from the mark this run started from (another run may have moved it).
      await em.nativeUpdate(
        Organization,
        { id: organization.id, lastReportSentAt: organization.lastReportSentAt },
        { lastReportSentAt: window.until },
      );
      result.sent.push(organization.id);
    } catch (error) {
      options.log.error({ err: error, organizationId: organization.id }, 'scheduled report failed');
      result.failed.push(organization.id);
    }
  }
  return result;
}
