import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { TNameplate } from '../../../../shared/assemblies.js';
import {
  TEST_REPORT_KINDS,
  TEST_REPORT_STATES,
  type TRepair,
} from '../../../../shared/test-reports.js';
import { baseProperties } from './base.js';
import { Company } from './company.js';
import { Assembly } from './inventory.js';
import { Organization } from './organization.js';
import { StaffAccount } from './staff.js';
import { TestKit } from './test-kit.js';
import { Certification, Registration, User } from './user.js';

/** What stood on file when the report was filed, as its PDF and its reviewers read it. */
export interface TTestReportRecord {
  tester: { name: string; email: string };
  certification: { number: string; agency: string; type: string; expiresOn: string };
  kit: {
    serial: string;
    manufacturer: string;
    model: string;
    calibratedOn: string;
    dueOn: string | null;
  };
  assembly: TNameplate & { assemblyId: string; type: string; hazard: string; placement: string };
  location: { accountNumber: string; name: string; address: string };
  company: { name: string } | null;
}

/**
 * A test report filed by a tester (or a company admin for one of its testers) on an assembly. Its
 * key, made on the device, is unique: a resend answers the first filing. Accepted at once when
 * clean, else waiting in the organization's queue for its Reviewers.
 */
export const TestReport = defineEntity({
  name: 'TestReport',
  tableName: 'test_reports',
  properties: {
    ...baseProperties(),
    key: p.uuid(),
    /** The filed body's digest: the same key with another body is refused. */
    bodyHash: p.string().length(64),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    assembly: () => p.manyToOne(Assembly).deleteRule('cascade'),
    registration: () => p.manyToOne(Registration).nullable().deleteRule('set null'),
    tester: () => p.manyToOne(User).nullable().deleteRule('set null'),
    filedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    company: () => p.manyToOne(Company).nullable().deleteRule('set null'),
    certification: () => p.manyToOne(Certification).nullable().deleteRule('set null'),
    testKit: () => p.manyToOne(TestKit).nullable().deleteRule('set null'),
    kind: p.enum([...TEST_REPORT_KINDS]).columnType('text'),
    testDate: p.date(),
    readings: p.json<Record<string, unknown>>(),
    repairs: p.json<TRepair[]>(),
    replacement: p.json<TNameplate>().nullable(),
    remarks: p.text().default(''),
    linePressurePsi: p.integer().nullable(),
    result: p.enum(['pass', 'fail']).columnType('text'),
    /** Each reading rule's outcome, as the shared rules computed it on filing. */
    ruleResults: p.json<unknown[]>(),
    record: p.json<TTestReportRecord>(),
    state: p
      .enum([...TEST_REPORT_STATES])
      .columnType('text')
      .default('pending'),
    /** Accepted at once: passing, every check met, nothing to look at. */
    autoAccepted: p.boolean().default(false),
    reason: p.text().default(''),
    decidedBy: () => p.manyToOne(StaffAccount).nullable().deleteRule('set null'),
    decidedAt: p.datetime().nullable(),
    filedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    /** Returned and filed again: the report that took its place. */
    supersededBy: () => p.manyToOne(TestReport).nullable().deleteRule('set null'),
    /** A returned report's personal link (review.ts): only its sha256, until it expires. */
    returnTokenHash: p.string().length(64).nullable(),
    returnExpiresAt: p.datetime().nullable(),
  },
  uniques: [
    { name: 'test_reports_key_unique', properties: ['key'] },
    { name: 'test_reports_return_token_unique', properties: ['returnTokenHash'] },
  ],
  indexes: [
    { name: 'test_reports_changes_idx', properties: ['updatedAt', 'id'] },
    { name: 'test_reports_organization_state_idx', properties: ['organization', 'state', 'id'] },
    { name: 'test_reports_assembly_idx', properties: ['assembly', 'testDate'] },
    { name: 'test_reports_tester_idx', properties: ['tester', 'id'] },
    { name: 'test_reports_filed_by_idx', properties: ['filedBy', 'id'] },
    { name: 'test_reports_superseded_by_idx', properties: ['supersededBy'] },
  ],
});
export type TTestReport = InferEntity<typeof TestReport>;
