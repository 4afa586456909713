import { describe, expect, it } from 'vitest';
import {
  type SignupSummary,
  signupNotification,
} from '../../../api/src/modules/registration/notification.js';

// The email staff get for each signup (the wizard's submit and My registrations' join): who
// registered and what they sent, the credentials only where there are some (issue 27).

const summary: SignupSummary = {
  submissionId: 41,
  organization: { name: 'Springfield Water', primaryEmail: 'staff@springfield.example' },
  company: {
    companyID: null,
    companyName: 'Acme Backflow',
    companyPhone: '555-0100',
    companyAddress1: '1 Main St',
    companyAddress2: 'Suite 2',
    companyCity: 'Springfield',
    companyState: 'IL',
    companyZip: '62701',
  },
  existingCompany: false,
  users: [
    {
      userType: 'admin',
      userFirstName: 'Ann',
      userLastName: 'Admin',
      userEmail: 'ann@acme.example',
      userPhone: '555-0101',
      userCerts: [],
      alreadyKnown: false,
    },
    {
      userType: 'tester',
      userFirstName: 'Tom',
      userLastName: 'Tester',
      userEmail: 'tom@acme.example',
      userPhone: '555-0102',
      userCerts: [
        { certNum: 'C-1', certExp: '2030-06-30', certAgency: 1, certType: 2, certDocLink: 'doc' },
      ],
      alreadyKnown: true,
    },
  ],
  testKits: [],
  consoleUrl: 'https://backflow.example/scadmin/review',
};

/** Today's email, word for word, for a signup without credentials. */
const WITHOUT_CREDENTIALS = `A new registration was submitted for Springfield Water.

Company: Acme Backflow (new)
  1 Main St, Suite 2
  Springfield, IL 62701
  Phone: 555-0100

People (2):
  - Ann Admin <ann@acme.example>: admin
  - Tom Tester <tom@acme.example>: tester, 1 certification(s), already registered for another organization

Certifications: 1
Test kits: 0

Review them in the console's Review Queue: https://backflow.example/scadmin/review
Submission reference: 41
`;

describe('the signup notification', () => {
  it('is today’s email, word for word, when nothing has credentials (absent or empty)', () => {
    expect(signupNotification(summary).textBody).toBe(WITHOUT_CREDENTIALS);
    const empty = signupNotification({
      ...summary,
      companyCredentials: [],
      users: summary.users.map((user) => ({ ...user, credentials: [] })),
    });
    expect(empty.textBody).toBe(WITHOUT_CREDENTIALS);
    expect(empty.subject).toBe('New registration for Springfield Water');
  });

  it('lists the company’s credentials under the company and each tester’s under them, with their facts', () => {
    const [admin, tester] = summary.users;
    const email = signupNotification({
      ...summary,
      companyCredentials: [
        {
          typeName: 'General liability insurance',
          issuer: 'Prairie Mutual',
          number: null,
          coverage: 2_500_000,
          additionalInsured: true,
          expiresOn: '2027-03-31',
        },
        {
          typeName: 'Business license',
          issuer: null,
          number: 'BL-77',
          coverage: null,
          additionalInsured: null,
          expiresOn: '2027-01-31',
        },
      ],
      users: [
        { ...(admin as SignupSummary['users'][number]), credentials: [] },
        {
          ...(tester as SignupSummary['users'][number]),
          credentials: [
            {
              typeName: 'Confined-space training',
              issuer: null,
              number: null,
              coverage: null,
              additionalInsured: null,
              expiresOn: null,
            },
          ],
        },
      ],
    });
    expect(email.textBody).toBe(
      WITHOUT_CREDENTIALS.replace(
        '  Phone: 555-0100\n',
        `  Phone: 555-0100
  Credential: General liability insurance, issuer Prairie Mutual, coverage $2,500,000, names the organization as additional insured, expires 2027-03-31
  Credential: Business license, expires 2027-01-31
`,
      )
        .replace(
          'already registered for another organization\n',
          `already registered for another organization
    Credential: Confined-space training
`,
        )
        .replace('Test kits: 0\n', 'Test kits: 0\nCredentials: 3\n'),
    );
  });
});
