// My registrations' words in English (the account screens and the sign-in email); en.ts holds
// them under `account`, and es-account.ts has the same keys in Spanish.

export const ACCOUNT_EN = {
  title: 'My registrations',
  link: 'My registrations',
  signInTitle: 'Sign in to My registrations',
  signInIntro:
    'Enter the email address you registered with. We will email you a link that signs you in, with no password to remember.',
  emailLabel: 'Email address',
  sendLink: 'Email me a sign-in link',
  sending: 'Sending...',
  checkEmailTitle: 'Check your email',
  checkEmailHint: 'You can close this page: the link in the email opens My registrations.',
  signingIn: 'Signing you in...',
  linkInvalidTitle: 'This link cannot be used',
  askAgain: 'Ask for a new sign-in link',
  signOut: 'Sign out',
  signedOutTitle: 'Signed out',
  signInAgain: 'Sign in again',
  personHeading: 'Your details',
  name: 'Name',
  emailField: 'Email',
  phone: 'Phone',
  userType: 'User type',
  userTypes: { tester: 'Tester', admin: 'Admin' },
  noPhone: 'None on file',
  changePhone: 'Change phone',
  savePhone: 'Save phone',
  directoryHeading: 'Public directories of testers',
  directoryListedText:
    'Organizations that publish a directory of approved testers list you in it while your registration with them is approved and your certifications are current: your name, your company’s name, phone, city and state, and your certifications. Never your email address or your own phone number.',
  directoryHiddenText:
    'You asked not to be listed in any public directory of testers. Your registrations, and what the organizations see of them, are unchanged.',
  directoryHide: 'Don’t list me in public directories',
  directoryShow: 'List me in public directories again',
  cancel: 'Cancel',
  registrationsHeading: 'Your organizations',
  organization: 'Organization',
  review: 'Review',
  enrollment: 'Enrollment',
  registered: 'Registered',
  enrolled: 'Enrolled',
  notEnrolled: 'Not enrolled yet',
  noRegistrations: 'You are not registered with any organization.',
  companyHeading: 'Your company',
  noCompany: 'No company on file.',
  certificationsHeading: 'Certifications',
  noCertifications: 'No certifications on file.',
  certificationTitle: '{agency}, {type}: {number}',
  expiresOn: 'Expires on {date}',
  testKitsHeading: 'Test kits',
  noTestKits: 'No test kits on file.',
  testKitTitle: '{manufacturer} {model}, serial {serial}',
  calibratedOn: 'Calibrated on {date}',
  calibrationDue: 'Calibration due on {date}',
  status: 'Status: {status}',
  statuses: {
    valid: 'Valid',
    expiring: 'Due within 60 days',
    expired: 'Expired',
    renewalWaiting: 'Renewal waiting for review',
    reviewWaiting: 'Waiting for review',
  },
  registeredWith: 'Registered with: {organizations}',
  document: 'Document: {name}',
  remindersSent: 'Reminders sent: {dates}',
  sendForReview: 'Send for review',
  changeEmail: 'Change email',
  emailFormTitle: 'Change your email address',
  emailFormIntro:
    'We will email a confirmation link to the new address. Your email address changes only when you open that link.',
  newEmail: 'New email address',
  sendConfirmation: 'Send the confirmation link',
  checkNewEmailTitle: 'Check your new email address',
  confirmingEmail: 'Confirming your new email address...',
  emailChangedTitle: 'Email address changed',
  emailNotChangedTitle: 'Your email address was not changed',
  backToAccount: 'Back to My registrations',
  renew: 'Renew',
  renewTitle: 'Renew this certification',
  renewIntro:
    'Enter the expiration date of your renewed certificate and upload it. Until it is reviewed, the certification on file stays as it is.',
  addCertification: 'Add a certification',
  addCertificationIntro:
    'It goes to each of your organizations that accepts its agency, for review. Fields marked * are required.',
  noAgencies: 'None of your organizations lists a certification agency.',
  sendCalibration: 'Send new calibration',
  calibrationTitle: 'Send a new calibration',
  calibrationIntro:
    'Enter the date of the new calibration and upload its document. Until it is reviewed, the calibration on file stays as it is.',
  retire: 'Retire',
  retireTitle: 'Retire this test kit?',
  retireIntro:
    'Retire a kit you no longer use: it leaves reports and reminders at every organization. Its history stays.',
  retireConfirm: 'Retire the test kit',
  testKitRetiredTitle: 'Test kit retired',
  credentialsHeading: 'Credentials',
  noCredentials: 'No credentials on file.',
  heldByCompany: 'Held by your company',
  namesAdditionalInsured: 'The certificate names the organization as additional insured.',
  notAdditionalInsured: 'The certificate does not name the organization as additional insured.',
  doesNotExpire: 'Does not expire',
  renewCredentialTitle: 'Renew this credential',
  renewCredentialIntro:
    'Enter what your renewed certificate says and upload it. Until it is reviewed, the credential on file stays as it is.',
  addCredential: 'Add a credential',
  addCredentialIntro:
    'It goes to each of your organizations that asks for it, for review. Fields marked * are required.',
  credentialType: 'Credential',
  noCredentialTypes: 'None of your organizations asks you for a credential.',
  coverageMinimums: 'Minimum coverage: {minimums}.',
  coverageMinimum: '{amount} for {organization}',
  standing: 'Standing',
  standings: { active: 'Active', suspended: 'Suspended', lapsed: 'Lapsed' },
  validThrough: 'valid through {date}',
  registerAgain: 'Register again',
  reregisterTitle: 'Register again with {organization}?',
  reregisterIntro:
    'What you have on file goes to {organization} for review, for its next registration period. Renew anything that has expired first.',
  reregisterConfirm: 'Send for review',
  reregisteredTitle: 'Sent for review',
  addTestKit: 'Add a test kit',
  addTestKitIntro:
    'It goes to each of your organizations, for review. Fields marked * are required.',
  sentTitle: 'Sent for review',
  sentTo: 'Sent for review to {organizations}.',
  refusedBy: 'Not sent to:',
  refusal: '{organization}: {reason}',
  peopleHeading: 'Your company’s people',
  personLine: '{name}, {role}',
  remove: 'Remove',
  removePersonTitle: 'Remove {name} from your company?',
  removePersonIntro:
    'They will no longer be linked to your company. Their registrations and history stay.',
  removePersonConfirm: 'Remove from the company',
  personRemovedTitle: 'Person removed',
  addPerson: 'Add a tester or admin',
  addPersonIntro:
    'They are registered, for review, with each organization your company is registered with that accepts them, and emailed a link to sign in to My registrations. Fields marked * are required.',
  personRole: 'Are they a tester or an admin?',
  addPersonSend: 'Add to the company',
  personAddedTitle: 'Person added',
  personSentTo: 'Registered for review with {organizations}. They were emailed a sign-in link.',
  email: {
    subject: 'Your sign-in link to My registrations',
    body: ({ link, minutes }: { link: string; minutes: number }) =>
      [
        'Someone, hopefully you, asked to sign in to My registrations with this email address.',
        '',
        'Open this link to sign in:',
        link,
        '',
        `The link works once, for ${minutes} minutes. Asking again sends a new link and this one stops working.`,
        'If you did not ask for it, you can ignore this email: nothing changes without the link.',
      ].join('\n'),
  },
  emailChange: {
    subject: 'Confirm your new email address for My registrations',
    body: ({ link, hours, email }: { link: string; hours: number; email: string }) =>
      [
        `You asked to use ${email} for My registrations and your backflow tester registrations.`,
        '',
        'Open this link to confirm the change:',
        link,
        '',
        `The link works once, for ${hours} hours. Your email address stays as it is until you open it.`,
        'If you did not ask for this, you can ignore this email.',
      ].join('\n'),
  },
  emailChanged: {
    subject: 'Your email address for My registrations was changed',
    body: ({
      oldEmail,
      newEmail,
      supportUrl,
    }: {
      oldEmail: string;
      newEmail: string;
      supportUrl: string;
    }) =>
      [
        `The email address of your backflow tester registrations was changed from ${oldEmail} to ${newEmail}.`,
        '',
        'Sign in to My registrations with the new address from now on.',
        `If you did not make this change, please contact support at once: ${supportUrl}`,
      ].join('\n'),
  },
  emailLine: 'Keep your details, certifications and test kits current in My registrations: {link}',
  invitation: {
    subject: '{admin} added you to My registrations',
    body: ({
      admin,
      organizations,
      link,
      hours,
    }: {
      admin: string;
      organizations: string;
      link: string;
      hours: number;
    }) =>
      [
        `${admin} added you to their company's backflow testing registrations with: ${organizations}.`,
        'Each registration waits for the program to review it; you will hear by email.',
        '',
        'Open this link to sign in to My registrations, where you keep your details, certifications and test kits current:',
        link,
        '',
        `The link works once, for ${hours} hours. Afterwards, ask for a new one on the sign-in page with this email address.`,
      ].join('\n'),
  },
  joinIntro:
    'You are signed in to My registrations as {name}. Register with {organization} from your saved details: the form opens filled in with your company, certifications and test kits, and asks only for what {organization} needs beyond them.',
  joinButton: 'Register with my saved details',
  joinGoToAccount: 'Go to My registrations',
  wizardIntro:
    'Filled in from your record: what is on file is sent as it is, its documents reused. To change it, go to {link}.',
  wizardCertsNeeded:
    'Add the certifications {organization} needs beyond those on file ({count} more), each with its document uploaded. Fields marked * are required.',
  wizardNeedsIntro:
    'Add what {organization} requires that is not on file. Fields marked * are required.',
  yourDetails: 'Your details',
  onFileCertifications: 'Certifications on file',
  onFileTestKits: 'Test kits on file',
  onFileCredentials: 'Credentials on file',
  onFileDocument: 'Document on file',
  noneOnFile: 'None on file.',
} as const;
