import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Certification,
  Registration,
  type TOrganization,
} from '../../../api/src/db/entities/index.js';
import type { TReviewState } from '../../../shared/review.js';
import type { TStanding } from '../../../shared/standing.js';
import { makeCompany, makeOrganization, makeRegistration, unique } from '../../helpers/fixtures.js';

// Organizations publishing a directory, and testers written straight to the database in any
// state the listing rule looks at.

/** An organization whose directory is published at a slug of its own. */
export function directoryOrganization(
  em: EntityManager,
  overrides: Partial<TOrganization> = {},
): Promise<TOrganization> {
  return makeOrganization(em, {
    directoryEnabled: true,
    directorySlug: `water-${unique()}`,
    ...overrides,
  });
}

export interface CertificationSpec {
  expiresOn: string;
  decision?: 'pending' | 'accepted' | 'rejected';
  agencyName?: string;
  typeName?: string;
  number?: string;
}

export interface TesterSpec {
  organization: TOrganization;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  city?: string;
  state?: string;
  type?: 'tester' | 'admin';
  reviewState?: TReviewState;
  /** A registration back in review returns to this state (an item sent from My registrations). */
  resumeState?: TReviewState | null;
  reregistered?: boolean;
  standing?: TStanding;
  enrolled?: boolean;
  hidden?: boolean;
  certifications?: CertificationSpec[];
}

/** A person registered with the organization; by default one the directory lists. */
export async function tester(em: EntityManager, spec: TesterSpec) {
  const company = await makeCompany(em, {
    name: spec.companyName ?? `Acme Backflow ${unique()}`,
    phone: '555-0100',
    address1: '742 Evergreen Terrace',
    city: spec.city ?? 'Springfield',
    state: spec.state ?? 'IL',
    zip: '62704',
  });
  const reviewState = spec.reviewState ?? 'approved';
  const { user, registration } = await makeRegistration(em, {
    organization: spec.organization,
    company,
    type: spec.type ?? 'tester',
    firstName: spec.firstName ?? `Pat${unique()}`,
    lastName: spec.lastName ?? `Tester${unique()}`,
    email: `listed-${unique()}@example.com`,
    phone: '555-0199',
    enrolled: spec.enrolled ?? true,
    ...(reviewState === 'pending'
      ? {}
      : { review: { state: reviewState, reviewedAt: new Date() } }),
    certifications: (spec.certifications ?? [{ expiresOn: '2030-12-31' }]).map((c, i) => ({
      number: c.number ?? `BF-${unique()}-${i}`,
      agencyName: c.agencyName ?? 'ASSE',
      typeName: c.typeName ?? 'Backflow Prevention Assembly Tester',
      expiresOn: c.expiresOn,
    })),
  });
  await em.nativeUpdate(
    Registration,
    { id: registration.id },
    {
      standing: spec.standing ?? 'active',
      resumeState: spec.resumeState ?? null,
      reregisteredAt: spec.reregistered ? new Date() : null,
    },
  );
  const certifications = await em.find(
    Certification,
    { registration: registration.id },
    { orderBy: { id: 1 } },
  );
  for (const [i, certification] of certifications.entries()) {
    certification.reviewDecision = spec.certifications?.[i]?.decision ?? 'accepted';
  }
  if (spec.hidden) user.directoryHidden = true;
  await em.flush();
  return { user, registration, company, certifications };
}
