import { randomUUID } from 'node:crypto';
import type { App } from '../../../api/src/app.js';
import { Registration } from '../../../api/src/db/entities/index.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  submit,
  testKitFor,
} from '../registration/fixtures.js';
import type { staffClient } from '../staff/helpers.js';

// Registrations made through the public form's calls, and the review calls staff make on them.

export interface Submitted {
  organization: OrganizationFixture;
  /** Registration ids by the person's email. */
  registrations: Map<string, number>;
  testerEmail: string;
  adminEmail?: string;
}

/**
 * One submit: a tester with one certification, optionally an admin of the same company and a
 * test kit. Answers the registration ids.
 */
export async function submitRegistration(
  app: App,
  options: {
    organization?: OrganizationFixture;
    withAdmin?: boolean;
    withKit?: boolean;
    certExp?: string;
    /** The language the registrant filled the form in (English when not given). */
    language?: 'en' | 'es';
    /** The company's and the tester's credentials by type id, for an organization asking them. */
    companyCredentials?: Record<string, unknown>;
    userCredentials?: Record<string, unknown>;
  } = {},
): Promise<Submitted> {
  const organization =
    options.organization ??
    // Expired certifications reach review only where the organization accepts them.
    (await createOrganization(app.orm.em.fork(), {
      requiredCertifications: 1,
      acceptExpiredCertifications: true,
    }));
  const testerEmail = email('tester');
  const adminEmail = options.withAdmin ? email('admin') : undefined;
  const users: unknown[] = [
    {
      ...person({ userEmail: testerEmail, userFirstName: 'Tess', userLastName: 'Tester' }),
      userType: 'tester',
      userCerts: [
        await certificationFor(
          app,
          organization,
          options.certExp ? { certExp: options.certExp } : {},
        ),
      ],
      ...(options.userCredentials ? { userCredentials: options.userCredentials } : {}),
    },
  ];
  if (adminEmail) {
    users.push({
      ...person({ userEmail: adminEmail, userFirstName: 'Adam', userLastName: 'Admin' }),
      userType: 'admin',
    });
  }
  const response = await submit(
    app,
    {
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      ...(options.companyCredentials ? { companyCredentials: options.companyCredentials } : {}),
      userInfo: users,
      testKitInfo: options.withKit ? [await testKitFor(app, organization)] : [],
    },
    { 'idempotency-key': randomUUID(), 'accept-language': options.language ?? 'en' },
  );
  if (response.json().code !== 'SUCCESS') throw new Error(`submit failed: ${response.body}`);
  const rows = await app.orm.em
    .fork()
    .find(Registration, { organization: organization.id }, { populate: ['user'] });
  const registrations = new Map(rows.map((row) => [row.user.email, row.id]));
  return { organization, registrations, testerEmail, adminEmail };
}

/** The registration id of a person of the submit. */
export function registrationOf(submitted: Submitted, who: string | undefined): number {
  const id = who ? submitted.registrations.get(who) : undefined;
  if (id === undefined) throw new Error(`no registration for ${who}`);
  return id;
}

type Call = ReturnType<typeof staffClient>;

/** The review calls, made with one staff member's token. */
export function reviewCalls(call: Call) {
  const review = async (id: number) => {
    const response = await call('GET', `/api/admin/review/${id}`);
    if (response.statusCode !== 200) throw new Error(`review ${id}: ${response.body}`);
    return response.json();
  };
  const decide = (id: number, action: string, body: Record<string, unknown>) =>
    call('POST', `/api/sc/submit/review/${id}/${action}`, body);
  return {
    review,
    decide,
    /** Accepts or rejects one item with the version the registration shows now. */
    async document(
      id: number,
      item: 'certification' | 'testKit' | 'credential',
      itemId: number,
      decision: 'accepted' | 'rejected',
      extra: Record<string, unknown> = {},
    ) {
      const { version } = await review(id);
      return decide(id, 'document', { version, item, itemId, decision, ...extra });
    },
    /** Accepts every document the registration shows, each on the version it then has. */
    async acceptAll(id: number) {
      const record = await review(id);
      const items = [
        ...record.certifications.map((c: { id: number }) => ['certification', c.id] as const),
        ...record.testKits.map((k: { id: number }) => ['testKit', k.id] as const),
        ...(record.credentials ?? []).map((c: { id: number }) => ['credential', c.id] as const),
      ];
      for (const [item, itemId] of items) {
        const { version } = await review(id);
        await decide(id, 'document', { version, item, itemId, decision: 'accepted' });
      }
    },
    async current(id: number, action: string, extra: Record<string, unknown> = {}) {
      const { version } = await review(id);
      return decide(id, action, { version, ...extra });
    },
  };
}
