import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { USER_TYPES } from '../../../../shared/constants.js';
import { REGISTRATION_REJECTION_REASONS, REVIEW_STATES } from '../../../../shared/review.js';
import { STANDINGS } from '../../../../shared/standing.js';
import { baseProperties, documentReviewProperties, type TCertificationValues } from './base.js';
import { CertificationAgency, CertificationType } from './certification.js';
import { Company } from './company.js';
import { Document } from './document.js';
import { Organization } from './organization.js';
import { Submission } from './submission.js';

/**
 * A registered person. The email identifies the person across the whole platform: stored
 * trimmed, unique on lower(email) (index users_email_lower_unique), so the database decides
 * under concurrency. Name search uses users_search_trgm_idx on
 * lower(first_name || ' ' || last_name || ' ' || email); deep pages use users_name_order_covering_idx.
 */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    ...baseProperties(),
    type: p.enum([...USER_TYPES]).columnType('text'),
    firstName: p.string().length(50),
    lastName: p.string().length(50),
    email: p.string().length(255),
    phone: p.string().length(50).default(''),
    /** The person's choice in My registrations not to be listed in any public directory. */
    directoryHidden: p.boolean().default(false),
  },
  uniques: [
    {
      name: 'users_email_lower_unique',
      expression: 'create unique index "users_email_lower_unique" on "users" (lower("email"))',
    },
  ],
  indexes: [
    { name: 'users_changes_idx', properties: ['updatedAt', 'id'] },
    {
      name: 'users_search_trgm_idx',
      expression:
        'create index "users_search_trgm_idx" on "users" using gin ((lower("first_name" || \' \' || "last_name" || \' \' || "email")) gin_trgm_ops)',
    },
    {
      // Covering (INCLUDE the raw names) so a deep page finds its ids by an index-only scan.
      name: 'users_name_order_covering_idx',
      expression:
        'create index "users_name_order_covering_idx" on "users" (lower("last_name"), lower("first_name"), "id") include ("last_name", "first_name")',
    },
  ],
});
export type TUser = InferEntity<typeof User>;

/** A person's link to a service provider. */
export const UserCompany = defineEntity({
  name: 'UserCompany',
  tableName: 'user_companies',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    company: () => p.manyToOne(Company).primary().deleteRule('cascade'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  indexes: [{ name: 'user_companies_company_idx', properties: ['company'] }],
});
export type TUserCompany = InferEntity<typeof UserCompany>;

/**
 * A person registered for an organization's program; staff mark it enrolled. certificationCount
 * is kept by triggers on certifications (whoever writes them), never by the application: the
 * Users report reads its width from it. A registration waits for review (reviewState pending,
 * in the queue since queuedAt) until staff approve it, reject it or request changes; each
 * decision is made on the reviewVersion the reviewer saw and moves it on (optimistic check).
 */
export const Registration = defineEntity({
  name: 'Registration',
  tableName: 'registrations',
  properties: {
    ...baseProperties(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    company: () => p.manyToOne(Company).nullable().deleteRule('set null'),
    submission: () => p.manyToOne(Submission).nullable().deleteRule('set null'),
    enrolled: p.boolean().default(false),
    registeredAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    certificationCount: p.integer().default(0),
    /** The language the registration was made in: emails to this person are written in it. */
    language: p.string().length(8).default('en'),
    reviewState: p
      .enum([...REVIEW_STATES])
      .columnType('text')
      .default('pending'),
    reviewVersion: p.integer().default(1),
    /** Entered the queue: submitted, or resubmitted with corrections. */
    queuedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    resubmittedAt: p.datetime().nullable(),
    /** Back in the queue because its person sent an item from My registrations. */
    accountChangeAt: p.datetime().nullable(),
    /**
     * The state it returns to by itself once every item is accepted (an approved registration
     * whose person renewed or added an item from My registrations).
     */
    resumeState: p
      .enum([...REVIEW_STATES])
      .columnType('text')
      .nullable(),
    /** The last decision: approved, rejected or changes requested. */
    reviewedAt: p.datetime().nullable(),
    /** Why the whole registration was rejected. */
    rejectionReason: p
      .enum([...REGISTRATION_REJECTION_REASONS])
      .columnType('text')
      .nullable(),
    rejectionNote: p.text().nullable(),
    /** The program day of the last approval (a re-registration's approval moves it). */
    approvedOn: p.date().nullable(),
    /**
     * The last day the approval keeps it valid (null: until withdrawn), kept by triggers from
     * approvedOn and the organization's registration validity, never by the application.
     */
    validThrough: p.date().nullable(),
    /** Back in the queue because its person re-registered (confirmed what is on file). */
    reregisteredAt: p.datetime().nullable(),
    /** Active, Suspended or Lapsed (shared/standing.ts). */
    standing: p
      .enum([...STANDINGS])
      .columnType('text')
      .default('active'),
    /** Why it was last suspended or reinstated, in the deciding person's words. */
    standingReason: p.text().nullable(),
    standingChangedAt: p.datetime().nullable(),
    /** A staff suspension's last day: it lifts by itself the day after. */
    suspendedUntil: p.date().nullable(),
    /** Suspended because a required item expired: it lifts once the replacement is accepted. */
    suspendedAutomatically: p.boolean().default(false),
    /**
     * The person's user type, copied by triggers (on insert here, on a change of users.type), never
     * by the application: the Review Queue's index filters by it.
     */
    userType: p
      .enum([...USER_TYPES])
      .columnType('text')
      .nullable(),
  },
  uniques: [
    { name: 'registrations_user_organization_unique', properties: ['user', 'organization'] },
  ],
  indexes: [
    { name: 'registrations_changes_idx', properties: ['updatedAt', 'id'] },
    {
      // The Review Queue, oldest first: only the registrations waiting are in it.
      name: 'registrations_review_queue_idx',
      expression:
        'create index "registrations_review_queue_idx" on "registrations" ("queued_at", "id") where "review_state" = \'pending\'',
    },
    {
      // Covering the user type, so a user type within an organization is filtered in the index.
      name: 'registrations_review_queue_organization_idx',
      expression:
        'create index "registrations_review_queue_organization_idx" on "registrations" ("organization_id", "queued_at", "id") include ("user_type") where "review_state" = \'pending\'',
    },
    {
      name: 'registrations_review_queue_user_type_idx',
      expression:
        'create index "registrations_review_queue_user_type_idx" on "registrations" ("user_type", "queued_at", "id") where "review_state" = \'pending\'',
    },
    {
      name: 'registrations_organization_registered_at_idx',
      properties: ['organization', 'registeredAt'],
    },
    { name: 'registrations_registered_at_idx', properties: ['registeredAt'] },
    {
      // The daily run reads the registrations not yet lapsed by their last day (lapses, reminders).
      name: 'registrations_valid_through_idx',
      expression:
        'create index "registrations_valid_through_idx" on "registrations" ("valid_through", "id") where "valid_through" is not null and "standing" <> \'lapsed\'',
    },
    {
      // Standing filters and counts: most registrations are Active and stay out of it.
      name: 'registrations_standing_idx',
      expression:
        'create index "registrations_standing_idx" on "registrations" ("standing", "organization_id") where "standing" <> \'active\'',
    },
    {
      // The public directory: an organization's listed registrations, the predicate of
      // LISTED_REGISTRATION in directory/queries.ts word for word (the planner matches it).
      name: 'registrations_directory_idx',
      expression:
        'create index "registrations_directory_idx" on "registrations" ("organization_id", "user_id") include ("company_id") where "enrolled" and "standing" = \'active\' and "user_type" = \'tester\' and ("review_state" = \'approved\' or ("review_state" = \'pending\' and ("resume_state" = \'approved\' or "reregistered_at" is not null)))',
    },
    { name: 'registrations_submission_idx', properties: ['submission'] },
    // A company's registrations (My registrations for its admin: its people, kits, credentials).
    { name: 'registrations_company_idx', properties: ['company'] },
    {
      name: 'registrations_organization_certification_count_idx',
      properties: ['organization', 'certificationCount'],
    },
  ],
});
export type TRegistration = InferEntity<typeof Registration>;

/**
 * A tester's certification as recorded for one registration. Agency and type names are kept
 * beside the references so history survives when staff rename or delete reference data.
 */
export const Certification = defineEntity({
  name: 'Certification',
  tableName: 'certifications',
  properties: {
    ...baseProperties(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    registration: () => p.manyToOne(Registration).nullable().deleteRule('cascade'),
    number: p.string().length(255),
    expiresOn: p.date(),
    agency: () => p.manyToOne(CertificationAgency).nullable().deleteRule('set null'),
    agencyName: p.string().length(255),
    type: () => p.manyToOne(CertificationType).nullable().deleteRule('set null'),
    typeName: p.string().length(255),
    document: () => p.manyToOne(Document).nullable().deleteRule('set null'),
    /** A renewal waiting for review: it replaces the values above once accepted. */
    renewal: p.json<TCertificationValues>().nullable(),
    ...documentReviewProperties(),
  },
  indexes: [
    { name: 'certifications_changes_idx', properties: ['updatedAt', 'id'] },
    { name: 'certifications_user_idx', properties: ['user'] },
    { name: 'certifications_registration_idx', properties: ['registration'] },
    { name: 'certifications_expires_idx', properties: ['expiresOn', 'id'] },
  ],
});
export type TCertification = InferEntity<typeof Certification>;
