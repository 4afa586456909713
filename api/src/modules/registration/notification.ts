import type { TCredentialRecord } from '../../../../shared/credentials.js';
import type { TCompany, TSubmitUser, TTestKit } from '../../../../shared/registration.js';
import { formatDollars } from '../../../../shared/requirements.js';
import type { StagedEmail } from '../email/outbox.js';

const SIGNUP_NOTIFICATION_KIND = 'signup_notification';

/** A credential as the email names it. */
export type NotifiedCredential = Pick<
  TCredentialRecord,
  'typeName' | 'issuer' | 'number' | 'coverage' | 'additionalInsured' | 'expiresOn'
>;

export interface SignupSummary {
  submissionId: number;
  organization: { name: string; primaryEmail: string };
  company: TCompany;
  /** True when the submit named (or exactly matched) a company already on file. */
  existingCompany: boolean;
  /** The company's credentials; none (or absent) adds no line. */
  companyCredentials?: readonly NotifiedCredential[];
  users: readonly (TSubmitUser & {
    alreadyKnown: boolean;
    /** A tester's credentials; none (or absent) adds no line. */
    credentials?: readonly NotifiedCredential[];
  })[];
  testKits: readonly TTestKit[];
  consoleUrl: string;
}

/**
 * One credential on a line: its type and what the organization judges it by. Its number (a
 * driver's licence's) stays in the console, as certifications' numbers do.
 */
function credentialLine(credential: NotifiedCredential, indent: string): string {
  const facts = [
    credential.issuer ? `issuer ${credential.issuer}` : '',
    credential.coverage === null ? '' : `coverage ${formatDollars(credential.coverage)}`,
    credential.additionalInsured ? 'names the organization as additional insured' : '',
    credential.expiresOn ? `expires ${credential.expiresOn}` : '',
  ].filter(Boolean);
  return `${indent}Credential: ${[credential.typeName, ...facts].join(', ')}`;
}

/** Plain text for the organization's primary email: who registered, never document contents. */
function signupNotificationText(summary: SignupSummary): string {
  const { company } = summary;
  const certifications = summary.users.reduce((sum, user) => sum + user.userCerts.length, 0);
  const companyCredentials = summary.companyCredentials ?? [];
  const credentials = summary.users.reduce(
    (sum, user) => sum + (user.credentials?.length ?? 0),
    companyCredentials.length,
  );
  const lines = [
    `A new registration was submitted for ${summary.organization.name}.`,
    '',
    `Company: ${company.companyName}${summary.existingCompany ? ' (already on file)' : ' (new)'}`,
    `  ${[company.companyAddress1, company.companyAddress2].filter(Boolean).join(', ')}`,
    `  ${company.companyCity}, ${company.companyState} ${company.companyZip}`,
    ...(company.companyPhone ? [`  Phone: ${company.companyPhone}`] : []),
    ...companyCredentials.map((credential) => credentialLine(credential, '  ')),
    '',
    `People (${summary.users.length}):`,
    ...summary.users.flatMap((user) => {
      const certs = user.userType === 'tester' ? `, ${user.userCerts.length} certification(s)` : '';
      const known = user.alreadyKnown ? ', already registered for another organization' : '';
      return [
        `  - ${user.userFirstName} ${user.userLastName} <${user.userEmail}>: ${user.userType}${certs}${known}`,
        ...(user.credentials ?? []).map((credential) => credentialLine(credential, '    ')),
      ];
    }),
    '',
    `Certifications: ${certifications}`,
    `Test kits: ${summary.testKits.length}`,
    ...(credentials > 0 ? [`Credentials: ${credentials}`] : []),
    '',
    `Review them in the console's Review Queue: ${summary.consoleUrl}`,
    `Submission reference: ${summary.submissionId}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The sign-up notification, for the outbox (staged in the submit's transaction). */
export function signupNotification(summary: SignupSummary): StagedEmail {
  return {
    dedupeKey: `signup:${summary.submissionId}`,
    kind: SIGNUP_NOTIFICATION_KIND,
    recipients: [summary.organization.primaryEmail],
    subject: `New registration for ${summary.organization.name}`.slice(0, 255),
    textBody: signupNotificationText(summary),
  };
}
