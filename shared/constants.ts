// Business constants and limits of the platform (spec section 9). No Node or DOM imports here.

export const LIMITS = {
  maxAdmins: 10,
  minAdmins: 1,
  maxTesters: 10,
  maxTestKits: 10,
  maxExtraOrgEmails: 3,
  /** Sites an organization may name as allowed to embed its form. */
  maxEmbedOrigins: 20,
  /** Uploads: at most this many bytes, exactly (10,000,000 accepted, 10,000,001 refused). */
  maxUploadBytes: 10_000_000,
  longText: 255,
  shortText: 50,
} as const;

export const UPLOAD_TYPES = ['jpeg', 'jpg', 'png', 'pdf'] as const;
/** MIME types detected from file content that uploads accept. */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type TUploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];
/** What each accepted file-name extension must contain. */
export const UPLOAD_EXTENSION_TYPES: Record<(typeof UPLOAD_TYPES)[number], TUploadMimeType> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export const DISTRICT_AND_MILITARY = ['DC', 'AA', 'AE', 'AP'] as const;
export const CANADIAN_PROVINCES = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NT',
  'NS',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;
/** Every state, district, military and province code the company form accepts. */
export const STATE_CODES = [...US_STATES, ...DISTRICT_AND_MILITARY, ...CANADIAN_PROVINCES] as const;

export const USER_TYPES = ['admin', 'tester'] as const;
export type TUserType = (typeof USER_TYPES)[number];

export const REPORT_TYPES = {
  users: 'Users',
  serviceProviders: 'Service Providers',
  testKits: 'Test Kits',
  ieBundle: 'Implementation Integration Files',
} as const;
export type TReportType = keyof typeof REPORT_TYPES;
/** Report types offered for All Organizations. */
export const ALL_ORGANIZATIONS_REPORT_TYPES: readonly TReportType[] = ['users', 'testKits'];
/** How far back an All Organizations date range may start. */
export const ALL_ORGANIZATIONS_MAX_DAYS_BACK = 7;

export const REPORT_RANGES = { allTime: 'All Time', dateRange: 'Date Range' } as const;

export const DELIVERY_METHODS = { download: 'Download', email: 'Email' } as const;

/** Email report frequencies and when each one is sent (8am in the program's time zone). */
export const EMAIL_FREQUENCIES = {
  daily: { label: 'Daily (Business Days)', schedule: 'Monday-Friday 8am EST' },
  weekly: { label: 'Weekly', schedule: 'Monday 8am EST' },
  twiceWeekly: { label: 'Twice a Week (MTh)', schedule: 'Monday and Thursday 8am EST' },
  monthly: { label: 'Monthly', schedule: 'On the 1st at 8am EST' },
} as const;
export type TEmailFrequency = keyof typeof EMAIL_FREQUENCIES;
export const EMAIL_FREQUENCY_KEYS = Object.keys(EMAIL_FREQUENCIES) as TEmailFrequency[];

export const DEFAULT_FORM_BANNER =
  'Please have your company information, certification numbers and expiration dates, and ' +
  'copies of your certification and test kit calibration documents (PDF, JPG or PNG) ready ' +
  'before you begin.';

export const ORGANIZATION_DEFAULTS = {
  allowedUntil: '2034-12-31',
  requiredCertifications: 1,
  emailFrequency: 'weekly' as TEmailFrequency,
  formBanner: DEFAULT_FORM_BANNER,
  agencies: ['AWWA', 'ABPA', 'ASSE'],
  calibrationIntervalMonths: 12,
} as const;

/** The longest calibration interval an organization may set, in months. */
export const MAX_CALIBRATION_INTERVAL_MONTHS = 60;

export const TIMINGS = {
  copyConfirmationMs: 2500,
  emailReportMessageMs: 3000,
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Rows per page of the Find Users list. */
export const USERS_PAGE_SIZE = 25;

/**
 * The Review Queue counts its registrations up to this many (a count of more is "more than"):
 * the work of a page stays bounded however long the queue grows.
 */
export const QUEUE_COUNT_UP_TO = 10_000;

/** The welcome email is promised within this many hours. */
export const WELCOME_EMAIL_HOURS = 48;

/** Certifications one tester may list in a registration (the spec gives no bound; junk needs one). */
export const MAX_CERTIFICATIONS_PER_TESTER = 10;

/** What a registration link's hash can look like (made 43 characters); nothing else is looked up. */
export const FORM_HASH_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** How long a saved registration ("Save and finish later") and its emailed link are kept. */
export const DRAFT_LIFETIME_DAYS = 14;
