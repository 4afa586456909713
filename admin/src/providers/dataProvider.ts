import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, HttpError } from 'react-admin';
import { CODES } from '../../../shared/codes';
import type { BlobClient, DownloadedFile, FileOrJson, FilePoster, HttpClient } from './httpClient';
import type {
  AgencyEntry,
  ConsoleConfig,
  MutationAnswer,
  OrganizationPayload,
  OrgInfo,
} from './types';

/** The REST resources (ra-data-simple-rest dialect) live under this prefix. */
export const REST_URL = '/api/admin';
/** Unauthenticated run-time settings of the console (Google client id, production flag). */
export const CONSOLE_CONFIG_URL = '/api/sc/session/console-config';

/** The named non-CRUD calls of the console, beside react-admin's CRUD methods. */
export interface StaffCalls {
  getConsoleConfig(): Promise<ConsoleConfig>;
  createOrganization(name: string, organization: OrganizationPayload): Promise<MutationAnswer>;
  getOrganization(name: string): Promise<OrgInfo>;
  editOrganization(
    name: string,
    organization: OrganizationPayload & { orgID: OrgInfo['org_id'] },
  ): Promise<MutationAnswer>;
  deleteOrganization(name: string, orgID: OrgInfo['org_id']): Promise<MutationAnswer>;
  getAgencies(): Promise<Record<string, AgencyEntry>>;
  getTypes(): Promise<Record<string, string>>;
  addAgency(name: string): Promise<MutationAnswer>;
  deleteAgency(name: string): Promise<MutationAnswer>;
  addType(name: string): Promise<MutationAnswer>;
  deleteType(name: string): Promise<MutationAnswer>;
  /** Flips an agency-type association; `enabled` is its CURRENT state. */
  toggleTypeLink(
    agencyId: string | number,
    typeId: string | number,
    enabled: boolean,
  ): Promise<MutationAnswer>;
  enrollUser(
    orgId: string | number,
    userId: string | number,
    enrolled: boolean,
  ): Promise<MutationAnswer>;
  /** Enrolls everyone the list shows: the organization's users matching the search. */
  enrollAllUsers(orgId: string | number, searchQuery: string): Promise<MutationAnswer>;
  /** Documents need the bearer token, so they are fetched, never linked. */
  downloadDocument(url: string): Promise<DownloadedFile>;
  /** The debug page's test-auth call. */
  testAuth(): Promise<MutationAnswer>;
  /** How many registrations an organization has. */
  registrationCount(orgId: string | number): Promise<number>;
  /** A report: the file itself (download) or {emailMessage} (email delivery). */
  generateReport(orgId: string | number, request: Record<string, unknown>): Promise<FileOrJson>;
}

export type StaffDataProvider = DataProvider & StaffCalls;

const segment = (value: string | number) => encodeURIComponent(String(value));

/** A 2xx answer whose code says the call did not do what was asked. */
function answerError(json: MutationAnswer | undefined, status = 200): HttpError {
  const message = typeof json?.message === 'string' ? json.message : String(json?.code ?? '');
  return new HttpError(message, status, json);
}

export function createDataProvider(
  httpClient: HttpClient,
  blobClient: BlobClient,
  filePoster?: FilePoster,
): StaffDataProvider {
  const rest = simpleRestProvider(REST_URL, httpClient);

  const send = async (path: string, method: string, body?: unknown): Promise<MutationAnswer> => {
    const { json } = await httpClient(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return json ?? {};
  };

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
        const { json } = await httpClient(CONSOLE_CONFIG_URL);
        const config = json?.message ?? json ?? {};
        return {
          googleClientId: String(config.googleClientId ?? ''),
          production: Boolean(config.production),
        };
      } catch {
        return {
          googleClientId: import.meta.env.VITE_GOOGLE_CLIENT_ID ?? '',
          // Unknown: the server itself refuses the debug call in production.
          production: false,
        };
      }
    },

    async createOrganization(name, organization) {
      const answer = await send(`/api/sc/submit/organization/${segment(name)}`, 'POST', {
        orgInfo: { orgURL: name, ...organization },
      });
      if (answer.code && answer.code !== CODES.success) throw answerError(answer);
      return answer;
    },

    async getOrganization(name) {
      const { json } = await httpClient(`/api/sc/get/orginfo/${segment(name)}`);
      if (json?.code !== CODES.validUrl || !json?.message?.orgInfo) throw answerError(json);
      return json.message.orgInfo as OrgInfo;
    },

    async editOrganization(name, organization) {
      const answer = await send(`/api/sc/submit/editorganization/${segment(name)}`, 'PUT', {
        orgName: name,
        orgInfo: organization,
      });
      if (answer.code && answer.code !== CODES.success) throw answerError(answer);
      return answer;
    },

    async deleteOrganization(name, orgID) {
      const answer = await send(`/api/sc/submit/delete_organization/${segment(name)}`, 'DELETE', {
        orgName: name,
        orgID,
      });
      if (answer.code && answer.code !== CODES.success) throw answerError(answer);
      return answer;
    },

    async getAgencies() {
      const { json } = await httpClient('/api/sc/get/certification_agencies');
      return (json?.message ?? {}) as Record<string, AgencyEntry>;
    },

    async getTypes() {
      const { json } = await httpClient('/api/sc/get/certification_types');
      return (json?.message ?? {}) as Record<string, string>;
    },

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
    testAuth: () => send('/api/sc/get/testing_route', 'GET'),
    async registrationCount(orgId) {
      const { json } = await httpClient(`/api/sc/get/orgsignups/${segment(orgId)}`);
      const signups = json?.message?.signups;
      if (typeof signups !== 'number') throw answerError(json);
      return signups;
    },
    generateReport(orgId, request) {
      if (!filePoster) throw new Error('reports need a file poster');
      return filePoster(`/api/sc/get/get_reports/${segment(orgId)}`, request);
    },
  };
}
