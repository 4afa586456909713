import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Credential } from './credential.js';
import { TestKit } from './test-kit.js';
import { Certification, Registration } from './user.js';

// The record as it stood on a day: each accepted period of a certification, a kit's calibration
// and a credential, and each change of a registration's activity. Triggers on the items write
// them (an acceptance adds its period, a renewal's acceptance adds the next one and keeps the
// earlier, a decision taken back withdraws the period of the values it had accepted), never the
// application; the test report's checks read them (shared/test-report-checks.ts).

/** Kept by every period: when it was accepted, and when the acceptance was taken back. */
const periodProperties = () => ({
  id: p.integer().primary().autoincrement(),
  acceptedAt: p.datetime().defaultRaw('now()'),
  /** The decision accepting these values was taken back: the period covers no day. */
  withdrawnAt: p.datetime().nullable(),
});

/** A certification's accepted span: from its acceptance through its expiry. */
export const CertificationPeriod = defineEntity({
  name: 'CertificationPeriod',
  tableName: 'certification_periods',
  properties: {
    ...periodProperties(),
    certification: () => p.manyToOne(Certification).deleteRule('cascade'),
    number: p.string().length(255),
    validThrough: p.date(),
  },
  uniques: [
    {
      name: 'certification_periods_values_unique',
      properties: ['certification', 'number', 'validThrough'],
    },
  ],
});
export type TCertificationPeriod = InferEntity<typeof CertificationPeriod>;

/** A kit's accepted calibration: from its calibration date through its next one's due date. */
export const CalibrationPeriod = defineEntity({
  name: 'CalibrationPeriod',
  tableName: 'calibration_periods',
  properties: {
    ...periodProperties(),
    testKit: () => p.manyToOne(TestKit).deleteRule('cascade'),
    calibratedOn: p.date(),
    /** The kit's calibration due date while this calibration is its own (it follows the interval). */
    dueOn: p.date().nullable(),
  },
  uniques: [{ name: 'calibration_periods_values_unique', properties: ['testKit', 'calibratedOn'] }],
});
export type TCalibrationPeriod = InferEntity<typeof CalibrationPeriod>;

/** A credential's accepted span: from its acceptance through its expiry (none: no end). */
export const CredentialPeriod = defineEntity({
  name: 'CredentialPeriod',
  tableName: 'credential_periods',
  properties: {
    ...periodProperties(),
    credential: () => p.manyToOne(Credential).deleteRule('cascade'),
    validThrough: p.date().nullable(),
  },
  uniques: [
    {
      name: 'credential_periods_values_unique',
      expression:
        'create unique index "credential_periods_values_unique" on "credential_periods" ("credential_id", "valid_through") nulls not distinct',
    },
  ],
});
export type TCredentialPeriod = InferEntity<typeof CredentialPeriod>;

/** A registration became active (enrolled, in good standing, a tester) or stopped being so. */
export const RegistrationActivity = defineEntity({
  name: 'RegistrationActivity',
  tableName: 'registration_activity',
  properties: {
    id: p.integer().primary().autoincrement(),
    registration: () => p.manyToOne(Registration).deleteRule('cascade'),
    at: p.datetime().defaultRaw('now()'),
    active: p.boolean(),
  },
  indexes: [{ name: 'registration_activity_registration_idx', properties: ['registration', 'at'] }],
});
export type TRegistrationActivity = InferEntity<typeof RegistrationActivity>;
