// Response codes and user-facing messages of the error catalogue (spec section 8) and the
// validation messages of section 5. Clients compare codes, never messages.

export const CODES = {
  fetchFailure: 'FETCH FAILURE',
  userTypeError: 'USER TYPE ERROR',
  companyErrors: 'COMPANY ERRORS',
  possibleMatches: 'Found Possible Matches',
  exactMatch: 'Found Exact Match',
  noMatches: 'No Matches or Errors',
  adminErrors: 'ADMIN ERRORS',
  testerErrors: 'TESTER ERRORS',
  testKitErrors: 'TEST KIT ERRORS',
  finalErrors: 'FINAL ERRORS',
  success: 'SUCCESS',
  orgUrlInvalid: 'ORG URL INVALID',
  orgUrlExpired: 'ORG URL EXPIRED',
  invalid: 'INVALID',
  expired: 'EXPIRED',
  validUrl: 'VALID URL',
  verified: 'VERIFIED',
  // Codes of the platform's own (not named by the spec): generic request failures.
  badRequest: 'BAD REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  twoFactorRequired: 'TWO FACTOR REQUIRED',
  notFound: 'NOT FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD TOO LARGE',
  unsupportedMediaType: 'UNSUPPORTED MEDIA TYPE',
  rateLimited: 'RATE LIMITED',
  unavailable: 'SERVICE UNAVAILABLE',
  internalError: 'INTERNAL ERROR',
  // Save and finish later.
  draftErrors: 'DRAFT ERRORS',
  draftNotFound: 'DRAFT NOT FOUND',
} as const;

export const MESSAGES = {
  orgUrlInvalid:
    'The link you are attempting to access does not exist. Please ensure you have copied it correctly.',
  orgUrlExpired:
    'The registration form you are attempting to access is no longer available. Please reach out to the organization you received this link from if you believe this is an error.',
  otherOrgLookup: 'Invalid URL.',
  serverUnreachable: 'There was a problem reaching our servers. Please try again later.',
  orgSearchEmpty: 'No organizations found.',
  orgSearchFailed: 'Error searching for organizations.',
  apiRequestError: 'API request error.',
  apiSubmissionError: 'API submission error.',
  loginIncorrect: 'Incorrect Email or Password',
  loginException: 'An error occurred during login.',
  googleLoginException: 'An error occurred during Google login.',
  googleUnauthorizedDomainServer: 'Unauthorized domain',
  googleUnauthorizedDomain: 'Unauthorized Domain. Please Sign In With A SwiftComply Email Only',
  googleLoginFailed: 'Google login failed',
  deleteNameMismatch: 'Org name incorrect. Please enter the exact org name.',
  apiFetchFailed: 'API fetch failed.',
  apiResponseNotOk: 'API response was not OK.',
  selectValidOrganization: 'Please select a valid organization.',
  selectOrganization: 'Please select an organization.',

  // Section 5: validation
  userTypeRequired: 'Please Select Admin or Tester.',
  fieldRequired: 'Field required.',
  companyNameTooLong: 'Company name must be 255 characters or less.',
  zipInvalid: 'Zip code invalid.',
  emailInvalid: 'Invalid email.',
  emailNotUnique: 'Email for each user must be unique.',
  fileTooLarge: 'File must be under 10mb.',
  fileTypeNotSupported: 'File type not supported.',
  uploadFailed: 'There was a problem uploading this file.',
  orgNameRequired: 'Organization Name is required.',
  allowedUntilRequired: 'Allowed Access Until is required.',
  requiredCertsAtLeastOne: 'Required Certifications must be at least 1.',
  dateRangeOrder: 'Date range end must be after date range start.',
  dateRangeFuture: 'Date range cannot be in the future.',
  enterEmail: 'Please enter an email.',
  enterValidEmail: 'Please enter a valid email.',
  selectReportType: 'Please select a report type.',
  nameTooLong: 'Name must be 255 characters or less.',
  userTypeIsRequired: 'User Type is required.',

  // Registration rules the spec names without wording (the platform's wording).
  stateInvalid: 'Please select a valid state or province.',
  companyPhoneTooLong: 'Company phone must be 50 characters or less.',
  companyAddressTooLong: 'Company address must be 255 characters or less.',
  companyAddress2TooLong: 'Company address line 2 must be 255 characters or less.',
  companyCityTooLong: 'City must be 255 characters or less.',
  companyZipTooLong: 'Postal code must be 255 characters or less.',
  companyIdInvalid: 'The selected company is not valid. Please go back and choose it again.',
  companyNotFound: 'The selected company no longer exists. Please go back and choose it again.',
  firstNameTooLong: 'First name must be 50 characters or less.',
  lastNameTooLong: 'Last name must be 50 characters or less.',
  emailTooLong: 'Email must be 255 characters or less.',
  phoneTooLong: 'Phone must be 50 characters or less.',
  certNumTooLong: 'Certification number must be 255 characters or less.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  certAgencyNotAccepted: 'This organization does not accept certifications from this agency.',
  certTypeNotForAgency: 'This certification type is not offered by the selected agency.',
  certificationExpired: 'Certification is expired.',
  credentialRequired: '{name} is required.',
  credentialExpired: 'This credential is expired.',
  coverageInvalid: 'Please enter the coverage in US dollars, for example 1000000.',
  coverageTooLow: 'Coverage must be at least {amount}.',
  additionalInsuredRequired: 'The certificate must name the organization as additional insured.',
  credentialIssuerTooLong: 'Issuer must be 255 characters or less.',
  credentialNumberTooLong: 'Number must be 255 characters or less.',
  renewalDateNotLater: 'The renewed date must be later than the one on file.',
  renewalDocumentRequired: 'Please upload the renewed document.',
  renewalNotNeeded: 'This item does not need renewing yet.',
  renewalsMissing: 'Please enter at least one renewal.',
  reregistrationNotOpen: 'Registering again opens 60 days before your registration ends.',
  reregistrationWaiting: 'You have already registered again: it is waiting for review.',
  reregistrationNeeds:
    'Before registering again with {organization}, renew or add in My registrations: {items}.',
  reregistrationSent: '{organization} will review your registration again.',
  standingLapsed: 'The registration was valid through {date}.',
  standingSuspensionEnded: "The suspension's last day was {date}.",
  standingExpired: 'Expired: {items}.',
  standingReplaced: 'The replacement of what expired was accepted.',
  standingReregistered: 'Re-registration approved.',
  certificationsRequired: 'Each tester needs at least {count} certification(s).',
  tooManyCertifications: 'A tester can list at most {count} certifications.',
  kitSerialTooLong: 'Serial number must be 255 characters or less.',
  kitMfrTooLong: 'Manufacturer must be 255 characters or less.',
  kitModelTooLong: 'Model must be 255 characters or less.',
  documentLinkInvalid: 'This document could not be found. Please upload it again.',
  adminsRequired: 'At least one admin is required.',
  tooManyAdmins: 'At most {count} admins can be registered at once.',
  testersRequired: 'At least one tester is required.',
  tooManyTesters: 'At most {count} testers can be registered at once.',
  tooManyTestKits: 'At most {count} test kits can be registered at once.',
  usersRequired: 'At least one admin or tester is required.',
  userTypeMismatch: 'This person is listed with the wrong user type.',
  emailAlreadyRegisteredHere:
    'This email is already registered for this organization. You do not need to register again; please contact support to update your information.',
  emailRegisteredAsAdmin:
    'This email is already registered as an admin. Please use a different email address for this tester, or contact support.',
  emailRegisteredAsTester:
    'This email is already registered as a tester. Please use a different email address for this admin, or contact support.',
  submissionKeyReused:
    'This submission was already sent with different information. Please reload the form and try again.',
  fileEmpty: 'The file is empty.',
  fileMissing: 'Please choose a file to upload.',
  valueInvalid: 'Please enter a valid value.',
  companyInfoInvalid: 'Please send exactly one company.',
  bodyNotObject: 'The request body must be a JSON object.',
  shapeNotObject: 'The request is not shaped as expected: {field} must be an object.',
  shapeNotList: 'The request is not shaped as expected: {field} must be a list.',
  shapeNotValue:
    'The request is not shaped as expected: {field} must be a single value, not a list or an object.',

  // What the public step checks answer when they pass (the client reads only the code).
  userTypeAccepted: 'Registering as {userType}.',
  companyNoMatches: 'No matching companies found.',
  adminsValid: 'Admins are valid.',
  testersValid: 'Testers are valid.',
  testKitsValid: 'Test kits are valid.',
  // Save and finish later.
  draftSaved: 'We sent a link to continue this registration to that email address.',
  draftLinkInvalid:
    'This link to a saved registration has expired or is no longer valid. Saved registrations are kept for {days} days, and saving again replaces the link.',

  // The registrant's status link (review and corrections).
  statusLinkInvalid:
    'This status link is not valid: it may have expired, it may already have been used to send corrections, or it may have been copied incompletely. The most recent email about your registration has a link that works.',
  correctionsSent:
    'Thank you. Your corrections were sent and your registration is waiting for review again. You will receive an email when it has been reviewed.',
  correctionNothingChanged: 'Please correct this item or upload a replacement document.',
  correctionsNotAwaited: 'This registration is not waiting for corrections.',
  correctionItemNotRejected: 'This item does not need a correction.',
  correctionsMissing: 'Please correct every item that was rejected.',
  correctionUploadChosenFile:
    'Please upload the chosen file before sending, or reload the page to keep your current document.',

  // My registrations (the registrant's account).
  accountLinkSent:
    'If this email address belongs to a registered tester or admin, a sign-in link is on its way to it. The link works for {minutes} minutes, once.',
  accountTooManyLinks:
    'Too many sign-in links were asked for this email address. Please use the latest one, or wait an hour before asking again.',
  accountLinkInvalid:
    'This sign-in link has expired or has already been used. Please ask for a new one.',
  accountCrossSite:
    'This request did not come from this site. Please reload the page and try again.',
  accountPhoneSaved: 'Your phone number was saved.',
  accountDirectoryHidden: 'Saved: you are not listed in any public directory of testers.',
  accountDirectoryListed: 'Saved: you can be listed in public directories again.',
  accountDirectoryTestersOnly: 'Only testers are listed in public directories.',
  accountSignedOut: 'You are signed out.',
  accountItemNotFound:
    'This item is not on any of your registrations that can be changed now. Please reload the page.',
  accountNothingToChange:
    'None of your registrations can take this change now: each is waiting for corrections or was not approved.',
  accountCertificationOnFile: 'This certification is already on file. Please renew it instead.',
  accountTestKitOnFile:
    'This test kit is already on file. Please send its new calibration instead.',
  accountTestersOnly: 'Certifications are kept for testers only.',
  accountCredentialOnFile: 'This credential is already on file. Please renew it instead.',
  accountCredentialNotAsked: 'None of your organizations asks you for this credential.',
  accountTestKitRetired: 'The test kit was retired. It no longer appears in reports or reminders.',
  accountEmailSame: 'This is already your email address.',
  accountEmailTaken:
    'This email address is used by another registrant. Please use another one, or contact support.',
  accountEmailConfirmSent:
    'We sent a confirmation link to {email}. Your email address changes when you open it; the link works for 24 hours.',
  accountEmailLinkInvalid:
    'This confirmation link has expired or has already been used. Please ask for the change again from My registrations.',
  accountEmailChanged: 'Your email address is now {email}. Please sign in again with it.',
  accountAdminsOnly: 'Only a company admin can change the company’s people.',
  accountPersonExists:
    'This email already belongs to a registered tester or admin. They can register with your company from each organization’s link.',
  accountPersonNotInCompany: 'This person is not in your company.',
  accountCannotRemoveSelf: 'You cannot remove yourself from the company.',
  accountJoinNeedsCertifications:
    '{organization} needs {count} current certification(s) from agencies it accepts. Add a certification in My registrations first, or register through the form.',
  accountJoinNeedsCompany: 'Your record has no company. Please register through the form.',
  accountJoinNeedsCredentials:
    '{organization} requires {credentials}, and your record has none on file that meets its rules. You can give what is missing through the organization’s registration form.',
  accountPersonRemoved:
    'The person was removed from the company. Their registrations and history stay.',

  // The platform's own messages for situations the spec does not word.
  badRequest: 'The request could not be read. Please check it and try again.',
  notFound: 'The requested resource was not found.',
  unauthorized: 'Please sign in to continue.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  internalError: 'Something went wrong on our side. Please try again later.',
  payloadTooLarge: 'The request is too large.',
  contentTypeNotAccepted: 'This content type is not accepted.',
  multipartRequired: 'Send the file as multipart/form-data.',
  oneFilePerUpload: 'Send one file per upload.',
} as const;

/** {code, message}: the shape of every public answer. */
export interface TApiAnswer<M = unknown> {
  code: string;
  message: M;
}

/** The registrant's status calls' own answer codes (beside the spec's SUCCESS). */
export const STATUS_CODES = {
  valid: 'VALID STATUS LINK',
  invalid: 'STATUS LINK INVALID',
  correctionErrors: 'CORRECTION ERRORS',
} as const;
