// Wire shapes of the /api/sc calls the console makes (spec sections 3 and 7). Field names are
// the spec's; the screens translate them into their own words.

export interface OrgInfo {
  org_id: number | string;
  org_name: string;
  swiftcomply_email: string;
  emails: string[];
  emailReportFreq: string;
  allowedUntil: string;
  number_of_certs: number;
  org_banner: string;
  homePageBanner: string;
  internalNotes: string;
  orgURL: string;
  /** Agency id → {agency, associatedTypes}. */
  org_associated_certs: Record<string, AgencyEntry>;
}

export interface OrganizationPayload {
  orgEndDate: string;
  swiftcomplyEmail: string;
  orgEmails: { email: string }[];
  orgEmailFreq: string;
  orgBanner: string;
  numOfCerts: number | string;
  orgHomePageBanner: string;
  orgInternalNotes: string;
  associatedAgencies: (number | string)[];
}

export interface AgencyEntry {
  agency: string;
  associatedTypes: Record<string, string>;
}

export interface OrganizationMatch {
  id: number | string;
  name: string;
}

export interface UsersListRow {
  id: number | string;
  userFirstName: string;
  userLastName: string;
  userPhone: string;
  userEmail: string;
  userEnrolled?: boolean;
}

export interface UsersPage {
  users: UsersListRow[];
  finalPage: number;
}

export interface UserFields {
  userType: string;
  userFirstName: string;
  userLastName: string;
  userEmail: string;
  userPhone: string;
}

export interface UserCertification {
  certNum: string;
  certExp: string;
  certAgency: string;
  certType: string;
  certDocLink: string;
}

export interface UserDetail extends UserFields {
  userOrgs: Record<string, { name: string; enrolled: boolean }>;
  userServiceProviders: Record<string, string>;
  userCerts: Record<string, UserCertification>;
}

export interface ConsoleConfig {
  googleClientId: string;
  production: boolean;
}

/** The answer of a call that changed something: the server's words, when it sent any. */
export interface MutationAnswer {
  code?: string;
  message?: unknown;
}
