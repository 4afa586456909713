import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays } from '../../../../shared/program-zone.js';
import { query } from '../../db/sql.js';
import {
  type CertificationFacts,
  certificationExpired,
  type TestKitFacts,
  testKitCalibrationExpired,
} from '../webhooks/payloads.js';
import { recordWebhookEvents } from '../webhooks/queries.js';
import { EXPIRED_CALIBRATIONS, EXPIRED_CERTIFICATIONS } from './queries.js';

// The night notices what expired: certification.expired and test_kit.calibration_expired, the
// first night after the date, for the items of registrations that count (not rejected, in an
// organization whose access has not ended). Each event is keyed by its item and date, so a night
// run twice, or on two instances, records each once; a night that did not run is caught up by
// the next ones for a week.

/** How many days back a night looks for expiries it has not recorded yet. */
const CATCH_UP_DAYS = 7;

/** Records the events of what expired before `today` (YYYY-MM-DD), in one transaction. */
export async function recordExpiries(em: EntityManager, today: string): Promise<void> {
  await em.transactional(async (tx) => {
    const days = { today, fromDay: addDays(today, -CATCH_UP_DAYS) };
    const certifications = await query<CertificationFacts, typeof days>(
      tx,
      EXPIRED_CERTIFICATIONS,
      days,
    );
    const testKits = await query<TestKitFacts, typeof days>(tx, EXPIRED_CALIBRATIONS, days);
    const events = [
      ...certifications.map(certificationExpired),
      ...testKits.map(testKitCalibrationExpired),
    ];
    await recordWebhookEvents(tx, events);
  });
}
