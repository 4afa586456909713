import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { baseProperties, documentReviewProperties, type TTestKitValues } from './base.js';
import { Company } from './company.js';
import { Document } from './document.js';
import { Organization } from './organization.js';
import { Submission } from './submission.js';

/**
 * A test kit owned by a service provider, as submitted with a registration. Reviewed once per
 * submission: every registration of the submission shows it and needs it accepted.
 */
export const TestKit = defineEntity({
  name: 'TestKit',
  tableName: 'test_kits',
  properties: {
    ...baseProperties(),
    company: () => p.manyToOne(Company).deleteRule('cascade'),
    organization: () => p.manyToOne(Organization).nullable().deleteRule('cascade'),
    submission: () => p.manyToOne(Submission).nullable().deleteRule('set null'),
    serial: p.string().length(255),
    manufacturer: p.string().length(255),
    model: p.string().length(255),
    calibratedOn: p.date(),
    /**
     * The next calibration's date: calibratedOn plus the organization's calibration interval,
     * kept by triggers (on the kit's insert or new date, on the interval's change), never by the
     * application, so the Expiring view and the reminders read it through an index.
     */
    calibrationDueOn: p.date().nullable(),
    document: () => p.manyToOne(Document).nullable().deleteRule('set null'),
    /** A renewed calibration waiting for review: it replaces the values above once accepted. */
    renewal: p.json<TTestKitValues>().nullable(),
    /**
     * No longer in use (retired from My registrations): left out of reports, the Expiring view,
     * reminders and the IE bundle from then on; its history stays.
     */
    retiredAt: p.datetime().nullable(),
    ...documentReviewProperties(),
  },
  indexes: [
    { name: 'test_kits_changes_idx', properties: ['updatedAt', 'id'] },
    { name: 'test_kits_company_idx', properties: ['company'] },
    { name: 'test_kits_organization_created_idx', properties: ['organization', 'createdAt'] },
    { name: 'test_kits_submission_idx', properties: ['submission'] },
    {
      // Kits by due date, for reminders and the Expiring view: only kits of a submission have
      // people to remind.
      name: 'test_kits_calibration_due_idx',
      expression:
        'create index "test_kits_calibration_due_idx" on "test_kits" ("calibration_due_on", "id") where "submission_id" is not null',
    },
  ],
});
export type TTestKit = InferEntity<typeof TestKit>;
