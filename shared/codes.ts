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
  notFound: 'NOT FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD TOO LARGE',
  unsupportedMediaType: 'UNSUPPORTED MEDIA TYPE',
  rateLimited: 'RATE LIMITED',
  unavailable: 'SERVICE UNAVAILABLE',
  internalError: 'INTERNAL ERROR',
} as const;
export type TCode = (typeof CODES)[keyof typeof CODES];

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

  // The platform's own messages for situations the spec does not word.
  badRequest: 'The request could not be read. Please check it and try again.',
  notFound: 'The requested resource was not found.',
  unauthorized: 'Please sign in to continue.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  internalError: 'Something went wrong on our side. Please try again later.',
} as const;
export type TMessageKey = keyof typeof MESSAGES;

/** {code, message}: the shape of every public answer. */
export interface TApiAnswer<M = unknown> {
  code: string;
  message: M;
}
