import type { TCompany, TSubmitUser, TTestKit } from '../../../../shared/registration.js';
import type { StagedEmail } from '../email/outbox.js';

const SIGNUP_NOTIFICATION_KIND = 'signup_notification';

export interface SignupSummary {
  submissionId: number;
  organization: { name: string; primaryEmail: string };
  company: TCompany;
  /** True when the submit named (or exactly matched) a company already on file. */
  existingCompany: boolean;
  users: readonly (TSubmitUser & { alreadyKnown: boolean })[];
  testKits: readonly TTestKit[];
  consoleUrl: string;
}

/** Plain text for the organization's primary email: who registered, never document contents. */
function signupNotificationText(summary: SignupSummary): string {
  const { company } = summary;
  const certifications = summary.users.reduce((sum, user) => sum + user.userCerts.length, 0);
  const lines = [
    `A new registration was submitted for ${summary.organization.name}.`,
    '',
    `Company: ${company.companyName}${summary.existingCompany ? ' (already on file)' : ' (new)'}`,
    `  ${[company.companyAddress1, company.companyAddress2].filter(Boolean).join(', ')}`,
    `  ${company.companyCity}, ${company.companyState} ${company.companyZip}`,
    ...(company.companyPhone ? [`  Phone: ${company.companyPhone}`] : []),
    '',
    `People (${summary.users.length}):`,
    ...summary.users.map((user) => {
      const certs = user.userType === 'tester' ? `, ${user.userCerts.length} certification(s)` : '';
      const known = user.alreadyKnown ? ', already registered for another organization' : '';
      return `  - ${user.userFirstName} ${user.userLastName} <${user.userEmail}>: ${user.userType}${certs}${known}`;
    }),
    '',
    `Certifications: ${certifications}`,
    `Test kits: ${summary.testKits.length}`,
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
