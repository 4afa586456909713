import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../../../api/src/modules/organizations/status.js';
import {
  isLinkExpired,
  organizationInfoForLink,
} from '../../../api/src/modules/registration/organization-link.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';

// A link works until the end of its Allowed Access Until day in the program's time zone
// (America/New_York), not until 7-8 pm Eastern when the UTC day ends.

const LAST_DAY = '2026-12-14';
const AT_2359_EASTERN = new Date('2026-12-15T04:59:00Z');
const AT_0000_EASTERN = new Date('2026-12-15T05:00:00Z');
const AT_2000_EASTERN = new Date('2026-12-15T01:00:00Z');

describe("a registration link's last day", () => {
  it('is open at 20:00 and 23:59 Eastern and expired at 00:00 the next day', () => {
    expect(isLinkExpired(LAST_DAY, AT_2000_EASTERN)).toBe(false);
    expect(isLinkExpired(LAST_DAY, AT_2359_EASTERN)).toBe(false);
    expect(isLinkExpired(LAST_DAY, AT_0000_EASTERN)).toBe(true);
  });

  it('agrees with the active and inactive lists at the same instants', () => {
    expect(statusOf(LAST_DAY, '2026-12-14')).toBe('active');
    expect(statusOf(LAST_DAY, '2026-12-15')).toBe('inactive');
  });

  describe('through the form calls', () => {
    let t: TestApp;
    let organization: OrganizationFixture;
    beforeAll(async () => {
      t = await createTestApp();
      organization = await createOrganization(t.app.orm.em.fork(), { allowedUntil: LAST_DAY });
    });
    afterAll(() => t.close());

    it('answers the organization on its last day and ORG URL EXPIRED after it', async () => {
      const em = t.app.orm.em.fork();
      await expect(
        organizationInfoForLink(em, organization.hash, { now: AT_2359_EASTERN }),
      ).resolves.toMatchObject({ org_name: organization.name, program_date: LAST_DAY });
      await expect(
        organizationInfoForLink(em, organization.hash, { now: AT_0000_EASTERN }),
      ).rejects.toMatchObject({ code: 'ORG URL EXPIRED' });
    });
  });
});
