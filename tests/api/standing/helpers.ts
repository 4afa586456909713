import type { App } from '../../../api/src/app.js';
import {
  AuditEntry,
  OutboxEmail,
  Registration,
  type TOrganization,
} from '../../../api/src/db/entities/index.js';
import type { TStanding } from '../../../shared/standing.js';
import { makeCompany, makeOrganization, makeRegistration, unique } from '../../helpers/fixtures.js';

// Registrations written straight to the database in a given review state and standing, and
// what a standing change leaves behind: its audit entries and its staged emails.

export interface StandingFixture {
  registrationId: number;
  userId: number;
  email: string;
  firstName: string;
  organization: TOrganization;
}

export async function registrationWithStanding(
  app: App,
  options: {
    organization?: TOrganization;
    state?: 'approved' | 'pending' | 'rejected';
    standing?: TStanding;
    language?: 'en' | 'es';
    lastName?: string;
  } = {},
): Promise<StandingFixture> {
  const em = app.orm.em.fork();
  const organization = options.organization ?? (await makeOrganization(em));
  const firstName = `Sam${unique()}`;
  const state = options.state ?? 'approved';
  const { user, registration } = await makeRegistration(em, {
    organization,
    company: await makeCompany(em),
    firstName,
    lastName: options.lastName,
    enrolled: state === 'approved',
    ...(state === 'pending' ? {} : { review: { state, reviewedAt: new Date() } }),
  });
  await em.nativeUpdate(
    Registration,
    { id: registration.id },
    { language: options.language ?? 'en', standing: options.standing ?? 'active' },
  );
  return {
    registrationId: registration.id,
    userId: user.id,
    email: user.email,
    firstName,
    organization,
  };
}

export const registrationRow = (app: App, id: number) =>
  app.orm.em.fork().findOneOrFail(Registration, id, { refresh: true });

/** The registration's standing changes in the audit log, oldest first. */
export const standingAudit = (app: App, id: number) =>
  app.orm.em.fork().find(
    AuditEntry,
    {
      entityType: 'registration',
      entityId: String(id),
      action: { $in: ['suspend', 'reinstate', 'lapse'] },
    },
    { orderBy: { id: 1 } },
  );

/** The registration's staged standing emails, oldest first. */
export const standingEmails = (app: App, id: number) =>
  app.orm.em
    .fork()
    .find(OutboxEmail, { dedupeKey: { $like: `standing:${id}:%` } }, { orderBy: { id: 1 } });
