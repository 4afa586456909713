import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type {
  TAdminRegistrationResponse,
  TAdminStaffResponse,
  TAdminStaffSessionResponse,
} from '../../../shared/admin-responses';
import type {
  TImportChange,
  TImportChangeKind,
  TImportMapping,
  TInventoryImport,
} from '../../../shared/inventory-import';
import type { TOrganizationPersonRecord } from '../../../shared/organization-people';
import { DEFAULT_PROGRAM_TIME_ZONE } from '../../../shared/program-zone';
import type {
  TAccountResponse,
  TCertificationAgenciesResponse,
  TCertificationChangeResponse,
  TCertificationLinkResponse,
  TCertificationTypesResponse,
  TComplianceSummaryResponse,
  TEnrollAllResponse,
  TEnrollResponse,
  TOrganizationDetailResponse,
  TOrganizationSavedResponse,
  TOrganizationSignupsResponse,
  TRecoveryCodesResponse,
  TReviewDecisionResponse,
  TSuccessResponse,
  TTestingRouteResponse,
  TTwoFactorSetupResponse,
} from '../../../shared/staff-responses';
import type { TWebhookDeliveryRecord } from '../../../shared/webhook-endpoints';
import type {
  BlobClient,
  DownloadedFile,
  DownloadOptions,
  FileOrJson,
  FilePoster,
  HttpClient,
} from './httpClient';
import type {
  AgencyEntry,
  ConsoleConfig,
  MutationAnswer,
  OrganizationPayload,
  OrgInfo,
  WebhookSecret,
} from './types';

/** The REST resources (ra-data-simple-rest dialect) live under this prefix. */
export const REST_URL = '/api/admin';
/** Unauthenticated run-time settings of the console (Google client id, production flag). */
export const CONSOLE_CONFIG_URL = '/api/sc/session/console-config';

/** The named non-CRUD calls of the console, beside react-admin's CRUD methods. */
export interface StaffCalls {
  getConsoleConfig(): Promise<ConsoleConfig>;
  createOrganization(
    name: string,
    organization: OrganizationPayload,
  ): Promise<TOrganizationSavedResponse>;
  getOrganization(name: string): Promise<OrgInfo>;
  editOrganization(
    name: string,
    organization: OrganizationPayload & { orgID: OrgInfo['org_id'] },
  ): Promise<TOrganizationSavedResponse>;
  deleteOrganization(name: string, orgID: OrgInfo['org_id']): Promise<TSuccessResponse>;
  getAgencies(): Promise<Record<string, AgencyEntry>>;
  getTypes(): Promise<Record<string, string>>;
  addAgency(name: string): Promise<TCertificationChangeResponse>;
  deleteAgency(name: string): Promise<TCertificationChangeResponse>;
  addType(name: string): Promise<TCertificationChangeResponse>;
  deleteType(name: string): Promise<TCertificationChangeResponse>;
  /** Flips an agency-type association; `enabled` is its CURRENT state. */
  toggleTypeLink(
    agencyId: string | number,
    typeId: string | number,
    enabled: boolean,
  ): Promise<TCertificationLinkResponse>;
  enrollUser(
    orgId: string | number,
    userId: string | number,
    enrolled: boolean,
  ): Promise<TEnrollResponse>;
  /** Enrolls everyone the list shows: the organization's users matching the search. */
  enrollAllUsers(orgId: string | number, searchQuery: string): Promise<TEnrollAllResponse>;
  /** Documents need the bearer token, so they are fetched, never linked. */
  downloadDocument(url: string): Promise<DownloadedFile>;
  /** The admin home's counts and weekly registrations beside expirations, for one or all. */
  complianceSummary(organizationId?: string | number): Promise<TComplianceSummaryResponse>;
  /** The Expiring view's rows for a filter, as CSV. */
  downloadExpiring(filter: Record<string, unknown>): Promise<DownloadedFile>;
  /** The debug page's test-auth call. */
  testAuth(): Promise<TTestingRouteResponse>;
  /** How many registrations an organization has. */
  registrationCount(orgId: string | number): Promise<number>;
  /**
   * A report: the file itself (download, followed as it arrives and cancellable) or
   * {emailMessage} (email delivery).
   */
  generateReport(
    orgId: string | number,
    request: Record<string, unknown>,
    options?: DownloadOptions,
  ): Promise<FileOrJson>;
  /**
   * A review decision on a registration (document, approve, request_changes, reject), made on
   * the version the reviewer saw; answers the review as it now stands.
   */
  decideReview(
    registrationId: string | number,
    action: TReviewAction,
    body: { version: number } & Record<string, unknown>,
  ): Promise<TReviewDecisionResponse>;
  /** Suspends or reinstates a registration; answers the registration as it now stands. */
  changeStanding(
    registrationId: string | number,
    action: 'suspend' | 'reinstate',
    body: { reason: string; until?: string | null },
  ): Promise<TAdminRegistrationResponse>;

  /** The Staff screen's actions on one account. */
  staffAction(
    id: string | number,
    action: 'deactivate' | 'reactivate' | 'password-link',
  ): Promise<TAdminStaffResponse>;
  staffSessions(id: string | number): Promise<TAdminStaffSessionResponse[]>;
  /** Ends one session of the person, or all of them. */
  endStaffSessions(id: string | number, sessionId?: string): Promise<TSuccessResponse>;

  /** The signed-in person's own account. */
  getAccount(): Promise<TAccountResponse>;
  changePassword(currentPassword: string, newPassword: string): Promise<TSuccessResponse>;
  startTwoFactor(): Promise<TTwoFactorSetupResponse>;
  confirmTwoFactor(code: string): Promise<TRecoveryCodesResponse>;
  disableTwoFactor(code: string): Promise<TSuccessResponse>;
  /** An organization's person: work in another of their organizations (the token stays). */
  switchOrganization(organizationId: number): Promise<TSuccessResponse>;

  /** Emails one of an organization's people a set-password link (the invitation again). */
  sendOrganizationPersonLink(id: string | number): Promise<TOrganizationPersonRecord>;

  /** An import of an organization's inventory: started, given its file, mapped, applied. */
  startInventoryImport(organizationId?: number): Promise<TInventoryImport>;
  getInventoryImport(id: number): Promise<TInventoryImport>;
  /** Sends the file itself as the body; the import is planned when it answers. */
  uploadInventoryFile(id: number, file: File): Promise<TInventoryImport>;
  mapInventoryImport(
    id: number,
    mapping: Partial<TImportMapping>,
    markMissingRemoved: boolean,
  ): Promise<TInventoryImport>;
  inventoryImportChanges(
    id: number,
    kind: TImportChangeKind,
    range: { start: number; end: number },
  ): Promise<{ rows: TImportChange[]; total: number }>;
  applyInventoryImport(id: number): Promise<TInventoryImport>;

  /** The Integrations screen's actions on one webhook endpoint and on one delivery. */
  webhookSecret(
    endpointId: string | number,
    action: 'reveal-secret' | 'rotate-secret',
  ): Promise<WebhookSecret>;
  sendWebhookTest(endpointId: string | number): Promise<TWebhookDeliveryRecord>;
  resendWebhookDelivery(deliveryId: string | number): Promise<TWebhookDeliveryRecord>;
}

export type TReviewAction = 'document' | 'approve' | 'request_changes' | 'reject';

export type StaffDataProvider = DataProvider & StaffCalls;

const segment = (value: string | number) => encodeURIComponent(String(value));

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A spreadsheet's content type by its name (a browser may call a CSV file an Excel one), else
 * the browser's.
 */
function spreadsheetType(file: File): string {
  if (/\.csv$/i.test(file.name)) return 'text/csv';
  if (/\.xlsx$/i.test(file.name)) return XLSX_TYPE;
  return file.type || 'application/octet-stream';
}

export function createDataProvider(
  httpClient: HttpClient,
  blobClient: BlobClient,
  filePoster?: FilePoster,
): StaffDataProvider {
  const rest = simpleRestProvider(REST_URL, httpClient);

  // Each answer's type is its route's shared response schema, which the server answers through.
  const get = async <T>(path: string): Promise<T> => (await httpClient(path)).json;
  const send = async <T extends MutationAnswer>(
    path: string,
    method: string,
    body?: unknown,
  ): Promise<T> => {
    const { json } = await httpClient(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return json ?? {};
  };
  const post = async <T>(path: string, method = 'POST', body?: unknown): Promise<T> =>
    (
      await httpClient(path, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    ).json;

  return {
    ...rest,

    // A total the server did not count (Content-Range `…/*`, a word search past its count cap)
    // reads as NaN: the list then pages without one ("1-25 of more than 25").
    async getList(resource, params) {
      const result = await rest.getList(resource, params);
      if (result.total === undefined || !Number.isNaN(result.total)) return result;
      const { page, perPage } = params.pagination ?? { page: 1, perPage: result.data.length };
      return {
        data: result.data,
        pageInfo: { hasPreviousPage: page > 1, hasNextPage: result.data.length === perPage },
      };
    },

    async getConsoleConfig() {
      try {
        return await get<ConsoleConfig>(CONSOLE_CONFIG_URL);
      } catch {
        return {
          googleClientId: import.meta.env.VITE_GOOGLE_CLIENT_ID ?? '',
          // Unknown: the server itself refuses the debug call in production.
          production: false,
          programTimeZone: DEFAULT_PROGRAM_TIME_ZONE,
        };
      }
    },

    createOrganization: (name, organization) =>
      send(`/api/sc/submit/organization/${segment(name)}`, 'POST', {
        orgInfo: { orgURL: name, ...organization },
      }),
    getOrganization: async (name) =>
      (await get<TOrganizationDetailResponse>(`/api/sc/get/orginfo/${segment(name)}`)).message
        .orgInfo,
    editOrganization: (name, organization) =>
      send(`/api/sc/submit/editorganization/${segment(name)}`, 'PUT', {
        orgName: name,
        orgInfo: organization,
      }),
    deleteOrganization: (name, orgID) =>
      send(`/api/sc/submit/delete_organization/${segment(name)}`, 'DELETE', {
        orgName: name,
        orgID,
      }),

    getAgencies: async () =>
      (await get<TCertificationAgenciesResponse>('/api/sc/get/certification_agencies')).message,
    getTypes: async () =>
      (await get<TCertificationTypesResponse>('/api/sc/get/certification_types')).message,

    addAgency: (name) => send(`/api/sc/submit/certification_agency/${segment(name)}`, 'POST'),
    deleteAgency: (name) =>
      send(`/api/sc/submit/delete_certification_agency/${segment(name)}`, 'DELETE'),
    addType: (name) => send(`/api/sc/submit/certification_type/${segment(name)}`, 'POST'),
    deleteType: (name) =>
      send(`/api/sc/submit/delete_certification_type/${segment(name)}`, 'DELETE'),
    toggleTypeLink: (agencyId, typeId, enabled) =>
      send(
        `/api/sc/submit/certification_type_link/${segment(agencyId)}/${segment(typeId)}`,
        'POST',
        { enabled: String(enabled) },
      ),

    enrollUser: (orgId, userId, enrolled) =>
      send(`/api/sc/submit/enroll/${segment(orgId)}/${segment(userId)}`, 'POST', { enrolled }),
    enrollAllUsers: (orgId, searchQuery) =>
      send(`/api/sc/submit/enroll_all/${segment(orgId)}`, 'POST', { searchQuery }),

    downloadDocument: (url) => blobClient(url),
    complianceSummary: (organizationId) =>
      get(
        `/api/sc/get/compliance_summary${organizationId ? `?organization=${encodeURIComponent(organizationId)}` : ''}`,
      ),
    downloadExpiring: (filter) =>
      blobClient(`/api/admin/expiring.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`),
    testAuth: () => get('/api/sc/get/testing_route'),
    registrationCount: async (orgId) =>
      (await get<TOrganizationSignupsResponse>(`/api/sc/get/orgsignups/${segment(orgId)}`)).message
        .signups,
    decideReview: (registrationId, action, body) =>
      send(`/api/sc/submit/review/${segment(registrationId)}/${action}`, 'POST', body),
    changeStanding: (registrationId, action, body) =>
      post(`${REST_URL}/registrations/${segment(registrationId)}/${action}`, 'POST', body),
    generateReport(orgId, request, options) {
      if (!filePoster) throw new Error('reports need a file poster');
      return filePoster(`/api/sc/get/get_reports/${segment(orgId)}`, request, options);
    },

    staffAction: (id, action) => post(`${REST_URL}/staff/${segment(id)}/${action}`),
    staffSessions: (id) => get(`${REST_URL}/staff/${segment(id)}/sessions`),
    endStaffSessions: (id, sessionId) =>
      post(
        `${REST_URL}/staff/${segment(id)}/sessions${sessionId ? `/${segment(sessionId)}` : ''}`,
        'DELETE',
      ),

    getAccount: () => get('/api/sc/account'),
    changePassword: (currentPassword, newPassword) =>
      post('/api/sc/account/password', 'POST', { currentPassword, newPassword }),
    startTwoFactor: () => post('/api/sc/account/two-factor/setup'),
    confirmTwoFactor: (code) => post('/api/sc/account/two-factor/confirm', 'POST', { code }),
    disableTwoFactor: (code) => post('/api/sc/account/two-factor/disable', 'POST', { code }),
    switchOrganization: (organizationId) =>
      post('/api/sc/account/organization', 'POST', { organizationId }),

    sendOrganizationPersonLink: (id) =>
      post(`${REST_URL}/organization-people/${segment(id)}/password-link`),

    startInventoryImport: (organizationId) =>
      post(`${REST_URL}/inventory-imports`, 'POST', organizationId ? { organizationId } : {}),
    getInventoryImport: (id) => get(`${REST_URL}/inventory-imports/${segment(id)}`),
    uploadInventoryFile: async (id, file) =>
      (
        await httpClient(
          `${REST_URL}/inventory-imports/${segment(id)}/file?name=${encodeURIComponent(file.name)}`,
          {
            method: 'PUT',
            body: file,
            headers: { Accept: 'application/json', 'Content-Type': spreadsheetType(file) },
          },
        )
      ).json,
    mapInventoryImport: (id, mapping, markMissingRemoved) =>
      post(`${REST_URL}/inventory-imports/${segment(id)}/mapping`, 'PUT', {
        mapping,
        markMissingRemoved,
      }),
    inventoryImportChanges: (id, kind, range) =>
      get(
        `${REST_URL}/inventory-imports/${segment(id)}/changes?kind=${kind}&_start=${range.start}&_end=${range.end}`,
      ),
    applyInventoryImport: (id) => post(`${REST_URL}/inventory-imports/${segment(id)}/apply`),

    webhookSecret: (endpointId, action) =>
      post(`${REST_URL}/webhook-endpoints/${segment(endpointId)}/${action}`),
    sendWebhookTest: (endpointId) =>
      post(`${REST_URL}/webhook-endpoints/${segment(endpointId)}/test`),
    resendWebhookDelivery: (deliveryId) =>
      post(`${REST_URL}/webhook-deliveries/${segment(deliveryId)}/resend`),
  };
}
